/**
 * Finds out which authentication a merchant enforces by asking it: the cart GET without
 * credentials (401/403 means something is enforced), then with each mode the user describes.
 * The same requests the checks send (cartRequest, applyAuth), with a short timeout.
 */
import type { AuthConfig, XborderConfig } from '../model.js';
import { applyAuth } from '../auth/index.js';
import { send } from '../http/send.js';
import { cartRequest } from '../merchant/requests.js';

/** What one probe request showed. */
export interface ProbeResult {
  /** The mode tried (`none` = no credentials). */
  mode: AuthConfig['mode'];
  /** accepted: 2xx; refused: 401/403; other: any other status; unreachable: no answer. */
  verdict: 'accepted' | 'refused' | 'other' | 'unreachable';
  status?: number;
  /** Transport problem, when unreachable. */
  error?: string;
  /** The modes a refusal's WWW-Authenticate names (`Basic` -> basic, `Bearer` -> jwt), most likely first. */
  named?: AuthConfig['mode'][];
}

/** The auth modes a WWW-Authenticate header names (RFC 9110 challenges), in its order. */
export function modesNamed(header: string | undefined): AuthConfig['mode'][] {
  const modes: AuthConfig['mode'][] = [];
  for (const m of (header ?? '').matchAll(/(?:^|,)\s*(Basic|Bearer)\b/gi)) {
    const mode = m[1]!.toLowerCase() === 'basic' ? 'basic' : 'jwt';
    if (!modes.includes(mode)) modes.push(mode);
  }
  return modes;
}

/** A probe must not hang the wizard for the platform's five minutes. */
const PROBE_TIMEOUT_MS = 15_000;

/** Sends the cart GET with `auth`'s credentials (none for `{mode: 'none'}`) and classifies the answer. */
export async function probeCart(config: XborderConfig, auth: AuthConfig): Promise<ProbeResult> {
  const settings = { ...config.http, timeoutMs: PROBE_TIMEOUT_MS, firstByteTimeoutMs: PROBE_TIMEOUT_MS, retries: 0 };
  const spec = await applyAuth(cartRequest(config, 'GET', 'XB-PROBE'), auth);
  const exchange = await send(spec, settings);
  if (!exchange.response) return { mode: auth.mode, verdict: 'unreachable', error: exchange.error?.message ?? 'no answer' };
  const status = exchange.response.status;
  const verdict = status >= 200 && status < 300 ? 'accepted' : status === 401 || status === 403 ? 'refused' : 'other';
  const named = verdict === 'refused' ? modesNamed(exchange.response.headers['www-authenticate']) : [];
  return { mode: auth.mode, verdict, status, ...(named.length > 0 ? { named } : {}) };
}

/** One line for the user about a probe. */
export function describeProbe(result: ProbeResult): string {
  const who = result.mode === 'none' ? 'Without credentials' : `With ${result.mode}`;
  switch (result.verdict) {
    case 'accepted':
      return `${who}: HTTP ${result.status}, accepted.`;
    case 'refused':
      return result.mode === 'none'
        ? `${who}: HTTP ${result.status}, refused: the merchant enforces authentication.`
        : `${who}: HTTP ${result.status}, refused: these credentials are wrong or the merchant does not use this mode.`;
    case 'other':
      return `${who}: HTTP ${result.status}: neither accepted nor refused as an auth failure (a wrong cart token or path?).`;
    default:
      return `${who}: no answer (${result.error}).`;
  }
}

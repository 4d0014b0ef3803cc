/**
 * Credentials the platform sent through the proxy are not the config's: the run's redactor learns
 * them from the request's headers, so no report, HAR or live line shows them.
 */
import type { XborderConfig } from '../model.js';
import { isSecretParam } from '../redact/patterns.js';

/** Headers whose value is a credential whatever it holds. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

/** Registers the credential values of `headers` (Authorization, cookies, the configured auth header, credential-named ones). */
export function learnHeaderCredentials(redactor: { add(secret: string): void }, headers: Record<string, string>, config: XborderConfig): void {
  const configured = new Set(config.auth.flatMap((a) => (a.mode === 'header' ? [a.name.toLowerCase()] : a.mode === 'jwt' ? [(a.header ?? 'authorization').toLowerCase()] : [])));
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (!CREDENTIAL_HEADERS.has(key) && !configured.has(key) && !isSecretParam(key)) continue;
    redactor.add(value);
    // `Bearer xyz` / `Basic xyz`: the credential alone is masked wherever it is echoed.
    const parts = value.trim().split(/\s+/);
    if (parts.length === 2 && parts[1]!.length >= 4) redactor.add(parts[1]!);
  }
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthConfig } from '../model.js';
import { verificationKey } from './jwt-keys.js';
import type { ConfigOf } from './types.js';

/** The parts of an incoming request auth looks at (node:http's IncomingMessage fits). */
export interface IncomingAuthRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Request target as received (`/path?query`) or a full URL. */
  url: string;
  remoteAddress?: string;
}

/** Whether a request carried valid credentials, and of which mode; `reason` never repeats a secret. */
export interface VerifyResult {
  ok: boolean;
  mode?: string;
  reason?: string;
}

/** Constant-time equality that also hides the length (both sides are hashed first). */
function safeEqual(a: string, b: string): boolean {
  const h = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(h(a), h(b));
}

function header(req: IncomingAuthRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(req.headers)) {
    if (k.toLowerCase() === lower && v !== undefined) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

async function verifyJwt(req: IncomingAuthRequest, cfg: ConfigOf<'jwt'>): Promise<string | undefined> {
  const name = cfg.header ?? 'Authorization';
  const raw = header(req, name);
  if (!raw) return `no ${name} header`;
  const scheme = cfg.scheme ?? 'Bearer';
  if (scheme && raw.slice(0, scheme.length + 1).toLowerCase() !== `${scheme.toLowerCase()} `) return `${name} is not a ${scheme} token`;
  const token = (scheme ? raw.slice(scheme.length + 1) : raw).trim();
  // Loaded on the first token to verify, as mintToken loads it to sign.
  const { jwtVerify } = await import('jose');
  try {
    // Pinning the algorithm is what rejects `alg: none` and key-confusion tokens.
    await jwtVerify(token, verificationKey(cfg), {
      algorithms: [cfg.algorithm],
      requiredClaims: ['exp'],
      ...(cfg.issuer ? { issuer: cfg.issuer } : {}),
      ...(cfg.audience ? { audience: cfg.audience } : {}),
    });
    return undefined;
  } catch (err) {
    return `token rejected (${(err as { code?: string }).code ?? (err as Error).message})`;
  }
}

/** Why `req` fails `cfg`, or undefined when its credentials are valid. */
async function failure(req: IncomingAuthRequest, cfg: AuthConfig): Promise<string | undefined> {
  switch (cfg.mode) {
    case 'none':
      return undefined;
    case 'header': {
      const v = header(req, cfg.name);
      return v === undefined ? `no ${cfg.name} header` : safeEqual(v, cfg.value) ? undefined : `wrong ${cfg.name} value`;
    }
    case 'basic': {
      const m = /^Basic\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
      if (!m) return 'no Basic credentials';
      return safeEqual(Buffer.from(m[1]!, 'base64').toString('utf8'), `${cfg.username}:${cfg.password}`) ? undefined : 'wrong user name or password';
    }
    case 'query': {
      const v = new URL(req.url, 'http://merchant.invalid').searchParams.get(cfg.name);
      return v === null ? `no ${cfg.name} query parameter` : safeEqual(v, cfg.value) ? undefined : `wrong ${cfg.name} value`;
    }
    case 'jwt':
      return verifyJwt(req, cfg);
    case 'ip': {
      const remote = (req.remoteAddress ?? '').replace(/^::ffff:/i, '');
      return remote === cfg.localAddress ? undefined : `address ${remote || 'unknown'} is not allowed`;
    }
  }
}

/**
 * The reference merchant's auth check: accepted when ANY configured mode's credentials are valid;
 * with no modes (or `none` among them) every request is accepted.
 */
export async function verifyRequest(req: IncomingAuthRequest, modes: AuthConfig[]): Promise<VerifyResult> {
  if (modes.length === 0) return { ok: true, mode: 'none' };
  const reasons: string[] = [];
  for (const cfg of modes) {
    let why: string | undefined;
    try {
      why = await failure(req, cfg);
    } catch (err) {
      why = (err as Error).message; // a broken key file: reject, never crash the server
    }
    if (why === undefined) return { ok: true, mode: cfg.mode };
    reasons.push(`${cfg.mode}: ${why}`);
  }
  return { ok: false, reason: reasons.join('; ') };
}

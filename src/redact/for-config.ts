/**
 * A redactor that knows every secret of a configuration. Kept apart from the Redactor itself, which
 * needs no auth code: commands that mask only card data and tokens (validate, decode) stay light.
 */
import { authSecrets } from '../auth/index.js';
import type { XborderConfig } from '../model.js';
import { isSecretParam, SECRET_KEYS } from './patterns.js';
import { isPlainObject, Redactor } from './redactor.js';

/** The proxy variables send() reads; their passwords are secrets even though no config names them. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/** The password and the secret-named query parameter values of a URL (both raw and decoded). */
function urlSecrets(raw: string | undefined): string[] {
  if (!raw) return [];
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return []; // not a URL: the text rules still mask `user:password@` and `?key=...` in it
  }
  const out: string[] = [];
  if (u.password) out.push(u.password, safeDecode(u.password));
  for (const [name, value] of u.searchParams) if (isSecretParam(name)) out.push(value);
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Every secret of `config`: auth values, passwords, JWT secrets, ${ENV} values, passwords and
 * credential query parameters in its URLs (base URLs, gift-card URL, proxy, and the proxy
 * variables of `env`), credential-named `cartParams`, and any other secret-named string value.
 */
function configSecrets(config: XborderConfig, env: Record<string, string | undefined> = process.env): string[] {
  const out: string[] = [];
  for (const auth of config.auth ?? []) out.push(...authSecrets(auth));
  out.push(...(config.envValues ?? []));
  for (const url of [config.merchant?.baseUrl, config.platform?.baseUrl, config.giftCard?.url, config.http?.proxy, ...PROXY_VARIABLES.map((v) => env[v])]) {
    out.push(...urlSecrets(url));
  }
  for (const [name, value] of Object.entries(config.merchant?.cartParams ?? {})) if (isSecretParam(name)) out.push(value);
  const visit = (v: unknown, key?: string): void => {
    if (typeof v === 'string' && key && SECRET_KEYS.has(key.toLowerCase())) out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => visit(x));
    else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(config);
  return out.filter((s) => s !== '');
}

/** A redactor that knows every secret of `config` (see configSecrets). */
export function redactorForConfig(config: XborderConfig, env: Record<string, string | undefined> = process.env): Redactor {
  return new Redactor(configSecrets(config, env));
}

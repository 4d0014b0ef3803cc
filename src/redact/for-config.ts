/**
 * A redactor that knows every secret of a configuration. Kept apart from the Redactor itself, which
 * needs no auth code: commands that mask only card data and tokens (validate, decode) stay light.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { authSecrets } from '../auth/index.js';
import type { XborderConfig } from '../model.js';
import { configuredCredentialNames, isCredentialKey, isCredentialName } from './credential-names.js';
import { isPlainObject, Redactor } from './redactor.js';
import { DEFAULT_CONFIG_FILE, discoverConfigFile } from '../config/discover.js';
import { interpolateEnv } from '../config/interpolate.js';

/** The proxy variables send() reads; their passwords are secrets even though no config names them. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/**
 * The password and the secret-named query parameter values of a URL (both raw and decoded). A URL
 * the parser refuses (`http://bob:pw@[bad`, the very case an error message quotes) is read loosely:
 * the user info ends at the last `@` before the path, its password after the first `:`.
 */
function urlSecrets(raw: string | undefined): string[] {
  if (!raw || !/^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim())) return [];
  const out: string[] = [];
  let u: URL | undefined;
  try {
    u = new URL(raw.trim());
  } catch {
    u = undefined;
  }
  if (u) {
    if (u.password) out.push(u.password, safeDecode(u.password));
    for (const [name, value] of u.searchParams) if (isCredentialName(name)) out.push(value);
    return out;
  }
  // Not parsed: a password may even hold a raw `/`, so the user info runs to the last `@` before `?` or `#`.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^?#]*)/i.exec(raw.trim())?.[1] ?? '';
  const at = authority.lastIndexOf('@');
  const colon = authority.indexOf(':');
  if (at > 0 && colon >= 0 && colon < at) {
    const password = authority.slice(colon + 1, at);
    out.push(password, safeDecode(password));
  }
  const query = /\?([^#]*)/.exec(raw)?.[1] ?? '';
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && isCredentialName(safeDecode(pair.slice(0, eq)))) out.push(pair.slice(eq + 1), safeDecode(pair.slice(eq + 1).replace(/\+/g, ' ')));
  }
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
  for (const [name, value] of Object.entries(config.merchant?.cartParams ?? {})) if (isCredentialName(name)) out.push(value);
  const visit = (v: unknown, key?: string): void => {
    if (typeof v === 'string' && key && isCredentialKey(key)) out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => visit(x));
    else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(config);
  return out.filter((s) => s !== '');
}

/** Where a command's configuration comes from, before it is loaded (see redactorForSources). */
export interface ConfigSources {
  /** `--config FILE`, or undefined for ./xborder.config.json. */
  file?: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** The command's flags (any string value that is a URL is read for credentials). */
  flags?: Record<string, unknown>;
}

/** The environment variables whose values are URLs a config error may quote. */
const URL_VARIABLES = ['XBORDER_MERCHANT_URL', 'XBORDER_PLATFORM_URL', 'XBORDER_GIFT_CARD_URL', 'XBORDER_PROXY', ...PROXY_VARIABLES];
/** Config files larger than this are not read ahead (the loader itself refuses them). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Nesting followed when reading the file ahead; a deeper document is the loader's to refuse. */
const MAX_DEPTH = 64;

/**
 * A redactor for what the configuration's sources hold, before (and whether or not) it loads: the
 * value of every `${NAME}` the config file references, every secret-named value, auth secret, URL
 * password and credential query parameter in the file, the flags and the URL variables. Errors of
 * the loading itself (a schema error quoting a value, a proxy URL that does not parse) are then
 * masked by what the run knows, not only by the pattern rules.
 */
export function redactorForSources(sources: ConfigSources): Redactor {
  const out: string[] = [];
  for (const name of URL_VARIABLES) out.push(...urlSecrets(sources.env[name]));
  for (const value of Object.values(sources.flags ?? {})) if (typeof value === 'string') out.push(...urlSecrets(value));
  try {
    const file = sources.file ? resolve(sources.cwd, sources.file) : (discoverConfigFile(sources.cwd) ?? resolve(sources.cwd, DEFAULT_CONFIG_FILE));
    if (existsSync(file) && statSync(file).isFile() && statSync(file).size <= MAX_FILE_BYTES) {
      const text = readFileSync(file, 'utf8');
      // An unset variable leaves nothing to mask (its `${NAME}` reference is no secret: messages name it).
      const interpolate = (s: string) => s.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => sources.env[name] ?? '');
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        doc = undefined;
      }
      // Every referenced value, as the loader masks them: a GUID or cart token alone stays visible (interpolate.ts).
      if (doc === undefined) for (const m of text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) out.push(sources.env[m[1]!] ?? '');
      else out.push(...interpolateEnv(doc, sources.env).substituted);
      const visit = (v: unknown, key: string | undefined, depth: number): void => {
        if (depth > MAX_DEPTH) return;
        if (typeof v === 'string') {
          const value = interpolate(v);
          if (key && (isCredentialKey(key) || /^(?:value|password|secret)$/i.test(key))) out.push(value);
          out.push(...urlSecrets(value));
        } else if (Array.isArray(v)) v.forEach((x) => visit(x, undefined, depth + 1));
        else if (isPlainObject(v)) {
          for (const [k, x] of Object.entries(v)) {
            if (k === 'cartParams' && isPlainObject(x)) for (const [name, p] of Object.entries(x)) if (typeof p === 'string' && isCredentialName(name)) out.push(interpolate(p));
            visit(x, k, depth + 1);
          }
        }
      };
      visit(doc, undefined, 0);
    }
  } catch {
    // Unreadable or not JSON: the loader reports that; the references found so far are kept.
  }
  return new Redactor(out.filter((s) => s !== ''));
}

/** A redactor that knows every secret of `config` (see configSecrets) and the names it gives a credential. */
export function redactorForConfig(config: XborderConfig, env: Record<string, string | undefined> = process.env): Redactor {
  const redactor = new Redactor(configSecrets(config, env));
  redactor.addNames(configuredCredentialNames(config));
  return redactor;
}

/**
 * Which recorded header and query parameter names carry a credential, so `replay` drops them: the
 * configured auth mode supplies credentials, recorded ones are never sent again (they may be the
 * platform's, a colleague's, or a planted file's). The names are the contract's credential-shaped
 * names; redact/patterns.ts's `isSecretParam` already knows most of them, and the words it leaves to
 * masking by value (`hmac`, `session`) are added here.
 *
 * A name is compared as the merchant's framework reads it, not as it is spelled: after URL decoding,
 * without regard to case (ASP.NET and many PHP frameworks read `MKEY` and `Mkey` as `mkey`), and
 * without the separators PHP rewrites (`m.key` and `m key` arrive as `m_key`) or an array suffix
 * (`mkey[]`). A configured query-auth name `mkey` therefore drops `MKEY=…` and `m%4Bey=…` too.
 */
import type { AuthConfig } from '../model.js';
import { isSecretParam } from '../redact/patterns.js';

/** Headers that are credentials whatever their name's words say. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'ocp-apim-subscription-key', 'x-amz-security-token', 'x-api-key'].map(nameKey));

/**
 * The contract's credential words, anywhere in a name (`x-hmac-sha256`, `x-session`, `apiToken`),
 * read in a name's key (nameKey: no separators). `token` right after `cart` is a cart token, an id
 * of the interface that the cart call needs.
 */
const CREDENTIAL_WORD = /secret|passw(?:or)?d|apikey|signature|hmac|session|(?<!cart)token/;

/** `name` URL-decoded when it holds an escape (a header name or a name not yet decoded), else as written. */
function decodedName(name: string): string {
  if (!name.includes('%')) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A name as a server compares it: decoded, case folded (upper then lower, so `ſ` and the Kelvin sign
 * fold with `s` and `k` as well), an array suffix (`name[]`, `name[0]`) and the separators `-`, `_`,
 * `.` and white space left out.
 */
export function nameKey(name: string): string {
  return decodedName(name)
    .trim()
    .replace(/(.)\[.*$/s, '$1')
    .toUpperCase()
    .toLowerCase()
    .replace(/[-_.\s]+/g, '');
}

/** True for a recorded header or query parameter name that holds a credential. */
export function isRecordedCredential(name: string): boolean {
  const key = nameKey(name);
  return CREDENTIAL_HEADERS.has(key) || CREDENTIAL_WORD.test(key) || isSecretParam(decodedName(name));
}

/** The keys (nameKey) of the query parameters the configured auth modes send (`mkey`). */
export function queryAuthKeys(auth: readonly AuthConfig[]): Set<string> {
  return new Set(auth.flatMap((a) => (a.mode === 'query' ? [nameKey(a.name)] : [])));
}

/** The keys (nameKey) of the headers the configured auth modes send (`X-Merchant-Key`, a JWT's header). */
export function headerAuthKeys(auth: readonly AuthConfig[]): Set<string> {
  return new Set(auth.flatMap((a) => (a.mode === 'header' ? [nameKey(a.name)] : a.mode === 'jwt' ? [nameKey(a.header ?? 'authorization')] : [])));
}

/**
 * The credential values in a recorded URL's query: every parameter whose name is a configured
 * query-auth name in any spelling, or credential-shaped. The replay never sends them, and the run's
 * redactor learns them so that a report, a comparison or an echo never shows them in clear.
 */
export function recordedQueryCredentials(url: string, auth: readonly AuthConfig[]): string[] {
  let params: URLSearchParams;
  try {
    params = new URL(url, 'http://recorded.invalid').searchParams;
  } catch {
    return [];
  }
  const configured = queryAuthKeys(auth);
  const out: string[] = [];
  for (const [name, value] of params) if (value !== '' && (configured.has(nameKey(name)) || isRecordedCredential(name))) out.push(value);
  return out;
}

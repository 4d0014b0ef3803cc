/**
 * Which recorded header and query parameter names carry a credential, so `replay` drops them: the
 * configured auth mode supplies credentials, recorded ones are never sent again (they may be the
 * platform's, a colleague's, or a planted file's). The names are the contract's credential-shaped
 * names, from the one list masking uses (redact/credential-names.ts).
 *
 * A name is compared as the merchant's framework reads it, not as it is spelled: after URL decoding,
 * without regard to case (ASP.NET and many PHP frameworks read `MKEY` and `Mkey` as `mkey`), and
 * without the separators PHP rewrites (`m.key` and `m key` arrive as `m_key`) or an array suffix
 * (`mkey[]`). A configured query-auth name `mkey` therefore drops `MKEY=…` and `m%4Bey=…` too.
 */
import type { AuthConfig } from '../model.js';
import { canonicalName, isCredentialName } from '../redact/credential-names.js';

/**
 * A name as a server compares it: the masking list's canonical form (decoded, case folded, no
 * separators), after an array suffix (`name[]`, `name[0]`, `name%5B%5D`) is left out.
 */
export function nameKey(name: string): string {
  return canonicalName(name.trim().replace(/(.)(?:\[|%5B).*$/is, '$1'));
}

/** True for a recorded header or query parameter name that holds a credential: on the one list the redactor masks by. */
export function isRecordedCredential(name: string): boolean {
  return isCredentialName(name.trim().replace(/(.)(?:\[|%5B).*$/is, '$1'));
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

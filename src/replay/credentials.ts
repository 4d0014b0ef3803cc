/**
 * Which recorded header and query parameter names carry a credential, so `replay` drops them: the
 * configured auth mode supplies credentials, recorded ones are never sent again (they may be the
 * platform's, a colleague's, or a planted file's). The names are the contract's credential-shaped
 * names; redact/patterns.ts's `isSecretParam` already knows most of them, and the words it leaves to
 * masking by value (`hmac`, `session`) are added here.
 */
import { isSecretParam } from '../redact/patterns.js';

/** Headers that are credentials whatever their name's words say. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'ocp-apim-subscription-key', 'x-amz-security-token', 'x-api-key']);

/**
 * The contract's credential words, anywhere in a name (`x-hmac-sha256`, `x-session`, `apiToken`).
 * `token` right after `cart` is a cart token, an id of the interface that the cart call needs.
 */
const CREDENTIAL_WORD = /secret|passw(?:or)?d|api[-_]?key|signature|hmac|session|(?<!cart[-_.]?)token/;

/** True for a recorded header or query parameter name that holds a credential. */
export function isRecordedCredential(name: string): boolean {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.has(n) || CREDENTIAL_WORD.test(n) || isSecretParam(name);
}

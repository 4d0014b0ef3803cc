/**
 * The one list of credential names. Every view that masks by name asks it: JSON pairs in free text,
 * header lines in free text (a request or response dump), headers, query and form parameters,
 * cookies, the JSON walk of a document, the proxy's and the reproduction's credential headers. A
 * name is compared without regard to case or to the separators `-`, `_`, `.` and spaces, and after
 * URL decoding (`X-User-Pin`, `userPin`, `USER_PIN`, `user%50in` are one name).
 *
 * Each word of the list is needed: test/redact/credential-words.test.ts runs every word through
 * every view, so dropping one fails it. Names the contract lists that a word already covers are not
 * repeated: `x-api-key` and `ocp-apim-subscription-key` end in `key`, `x-amz-security-token` holds
 * `token`, `proxy-authorization` holds `authorization`, `set-cookie` ends in `cookie`.
 */

import type { XborderConfig } from '../model.js';

/** Where a word must stand in a name to make it a credential name. */
export type WordPlace = 'anywhere' | 'end';

/** One word of the list. `-` in a word stands for any separator or none (`api-key`: `apiKey`, `api_key`, `APIKEY`). */
export interface CredentialWord {
  word: string;
  place: WordPlace;
}

/**
 * The list. A word `anywhere` makes any name holding it a credential name (`requestSignature`,
 * `x-hmac-sha256`, `sessionId`, `apiKeyValue`); an `end` one only at the name's end (`X-Auth`,
 * `merchantKey`, `userPin`, `x-sig`, `MKEY`), so that `authMode`, `keyId` or `pinned` stay readable.
 * An end, not a last word: node gives header names lower-cased (`x-userpin`), and `MKEY` has no
 * case change to split at.
 */
export const CREDENTIAL_WORDS: readonly CredentialWord[] = [
  { word: 'secret', place: 'anywhere' },
  { word: 'password', place: 'anywhere' },
  { word: 'passwd', place: 'anywhere' },
  { word: 'passphrase', place: 'anywhere' },
  { word: 'pwd', place: 'anywhere' },
  { word: 'api-key', place: 'anywhere' },
  { word: 'signature', place: 'anywhere' },
  { word: 'hmac', place: 'anywhere' },
  { word: 'session', place: 'anywhere' },
  // Not right after `cart`: a cart token (`merchantCartToken`) is an id of the interface.
  { word: 'token', place: 'anywhere' },
  { word: 'authorization', place: 'anywhere' },
  { word: 'cvv', place: 'anywhere' },
  { word: 'cvc', place: 'anywhere' },
  { word: 'security-code', place: 'anywhere' },
  { word: 'pin-code', place: 'anywhere' },
  { word: 'key', place: 'end' },
  { word: 'sig', place: 'end' },
  { word: 'auth', place: 'end' },
  { word: 'pass', place: 'end' },
  { word: 'pin', place: 'end' },
  { word: 'pw', place: 'end' },
  { word: 'cookie', place: 'end' },
  { word: 'credential', place: 'end' },
];

/**
 * Keys of a JSON document that end in `key` and are no credential: the interface's key/value pairs
 * and product attributes (`"Key": "color"`, `"AttributeKey": "size"`). As a header, query or form
 * name, `key` is an API key (`?key=…`) all the same. Cart tokens are kept apart by the `token` rule.
 */
export const INTERFACE_KEYS: ReadonlySet<string> = new Set(['key', 'attributekey']);

/** `name` URL-decoded when it is percent-encoded (`user%50in`), else as written. */
function decoded(name: string): string {
  if (!name.includes('%')) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A name decoded, lower-cased, without separators: how names are compared (`X-User-Pin`, `x_user_pin`: `xuserpin`). */
export function canonicalName(name: string): string {
  // Upper then lower: `ſ` and the Kelvin sign fold with `s` and `k`, as servers that ignore case read them.
  return decoded(name).toUpperCase().toLowerCase().replace(/[-_.\s]+/g, '');
}

const canonicalWord = (w: CredentialWord) => w.word.replace(/-/g, '');

/** How many answers a CredentialNames remembers before it starts over. */
const KNOWN_NAMES = 4096;

/**
 * The credential names one masking run knows: the list, plus names the configuration gives a
 * credential (a query-auth name `mkey`, a header-auth name), compared the same way.
 */
export class CredentialNames {
  /** The list's words as one test of a canonical name: anywhere, or at its end (`token` not right after `cart`). */
  private readonly pattern: RegExp;
  private readonly exact: Set<string>;
  /** Answers already given: a long text repeats the same few names (every product's `AttributeKey`). */
  private readonly known = new Map<string, boolean>();
  private readonly spelled: string[];
  /**
   * The list's words and the configured names as a regular expression source (separators optional
   * where a word has `-`): what a name must hold to be worth asking `has` about. Free-text rules use
   * it to find candidate names in a long text cheaply.
   */
  readonly wordSource: string;

  constructor(configured: Iterable<string> = [], words: readonly CredentialWord[] = CREDENTIAL_WORDS) {
    const anywhere = words.filter((w) => w.place === 'anywhere').map((w) => (w.word === 'token' ? '(?<!cart)token' : canonicalWord(w)));
    const ends = words.filter((w) => w.place === 'end').map(canonicalWord);
    this.pattern = new RegExp(`${anywhere.join('|')}|(?:${ends.join('|')})$`);
    const names = [...configured].filter((n) => canonicalName(n) !== '');
    this.exact = new Set(names.map(canonicalName));
    this.spelled = names;
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A separator of a word or a configured name stands for any separator or none (`X-Shop`: `x_shop`, `XSHOP`).
    const spell = (text: string) => text.split(/[-_.\s]+/).map(escape).join('[-_.]?');
    this.wordSource = [...words.map((w) => w.word), ...names].map(spell).join('|');
  }

  /** The configured names as given, for a redactor that absorbs another. */
  get configured(): string[] {
    return [...this.spelled];
  }

  /** True for a JSON document's key whose value is a credential whatever it holds (has(), but for the interface's INTERFACE_KEYS). */
  hasKey(key: string): boolean {
    return !INTERFACE_KEYS.has(canonicalName(key)) && this.has(key);
  }

  /** True for a header, query, form or cookie name whose value is a credential whatever it holds. */
  has(name: string): boolean {
    let answer = this.known.get(name);
    if (answer === undefined) {
      const canonical = canonicalName(name);
      answer = canonical !== '' && (this.exact.has(canonical) || this.pattern.test(canonical));
      // Bounded: a text of a million distinct names must not make the cache its own leak.
      if (this.known.size >= KNOWN_NAMES) this.known.clear();
      this.known.set(name, answer);
    }
    return answer;
  }
}

/** The list alone (no configured names). */
export const BUILT_IN_NAMES = new CredentialNames();

/** True for a header, query or form name on the list (see CredentialNames.has): `requestSignature`, `X-Auth`, `userPin`, `merchantApiKey`, `key`; not `merchantCartToken`, `CartId`. */
export function isCredentialName(name: string): boolean {
  return BUILT_IN_NAMES.has(name);
}

/** True for a JSON document's key on the list (see CredentialNames.hasKey): as isCredentialName, but `Key` and `AttributeKey` are the interface's. */
export function isCredentialKey(key: string): boolean {
  return BUILT_IN_NAMES.hasKey(key);
}

/**
 * The names `config` gives a credential: each header-auth header and query-auth parameter (`mkey`),
 * and a JWT's header. Masked by name in every view, whatever their case (`MKEY=…` in a recorded URL).
 */
export function configuredCredentialNames(config: Pick<XborderConfig, 'auth'>): string[] {
  return (config.auth ?? []).flatMap((a) => (a.mode === 'header' || a.mode === 'query' ? [a.name] : a.mode === 'jwt' && a.header ? [a.header] : []));
}

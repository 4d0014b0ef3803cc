/**
 * `emails-urls`: every e-mail address (a property named ...Email) and URL (...Url, ...URL) is valid
 * once URL-decoded (or as written). The schema cannot say so: these values travel form-encoded
 * (`%40`, `+`).
 */
import type { Finding } from '../model.js';
import { formDecode } from '../decode/form-decode.js';
import type { PayloadRule } from './types.js';
import { walkStrings } from './walk.js';

// Deliberately loose (RFC 5322 allows far more): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** True for an absolute http(s) URL with a host. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The `emails-urls` rule. */
export const emailsUrlsRule: PayloadRule = {
  id: 'emails-urls',
  title: 'E-mail addresses and URLs are valid once decoded',
  check(doc) {
    const findings: Finding[] = [];
    walkStrings(doc, (key, raw, pointer) => {
      if (key === undefined || raw.trim() === '') return;
      const lower = key.toLowerCase();
      const email = lower.endsWith('email');
      if (!email && !lower.endsWith('url')) return;
      const valid = (text: string): boolean => (email ? EMAIL.test(text) : isWebUrl(text));
      if (valid(raw.trim())) return;
      // Encoded values are judged decoded; a raw value that is valid as written (a `+` in an
      // address the sender did not encode) passes above.
      const decoded = formDecode(raw).value.trim();
      if (valid(decoded)) return;
      findings.push({
        path: pointer(),
        message: `${JSON.stringify(decoded)} is not a valid ${email ? 'e-mail address' : 'http(s) URL'}${decoded !== raw ? ' (after URL-decoding)' : ''}`,
        expected: email ? 'an e-mail address (name@domain.tld)' : 'an absolute http(s) URL',
        actual: raw,
        severity: 'error',
      });
    });
    return findings;
  },
};

/**
 * The end customer's values as the platform sends them: form-encoded (application/x-www-form-
 * urlencoded, as .NET's HttpUtility.UrlEncode writes it): a space is `+`, every other byte outside
 * the unreserved set is `%xx` in lower-case hex (`M%c3%bcller`, `%2b49+30+12345678`).
 */

const UNRESERVED = /[A-Za-z0-9\-_.!*()]/;

/** `value` form-encoded once. */
export function formEncode(value: string): string {
  let out = '';
  for (const ch of value) {
    if (ch === ' ') out += '+';
    else if (UNRESERVED.test(ch)) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

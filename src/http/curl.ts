import type { RequestSpec } from '../model.js';

/** Quotes one word for a POSIX shell: single quotes, an embedded ' written as '\''. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A single-line curl command that reproduces `spec`. `mask` runs on every piece (URL, each
 * `Name: value` header line, body) BEFORE quoting, so a secret that contains a quote is still found.
 * A body with line breaks cannot sit on one line inside single quotes, so it is piped in through
 * `printf '%b'` (POSIX) with the breaks written as escapes.
 */
export function toCurl(spec: RequestSpec, mask: (s: string) => string): string {
  const parts = ['curl', '-sS', '-i'];
  const hasBody = spec.body !== undefined;
  if (spec.method !== 'GET' && !(spec.method === 'POST' && hasBody)) parts.push('-X', spec.method);
  for (const [name, value] of Object.entries(spec.headers)) parts.push('-H', shellQuote(mask(`${name}: ${value}`)));
  if (spec.localAddress) parts.push('--interface', shellQuote(mask(spec.localAddress)));
  let prefix = '';
  if (hasBody) {
    const body = mask(spec.body!);
    if (/[\r\n]/.test(body)) {
      const escaped = body.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
      prefix = `printf '%b' ${shellQuote(escaped)} | `;
      parts.push('--data-binary', '@-');
    } else {
      parts.push('--data-raw', shellQuote(body));
    }
  }
  parts.push(shellQuote(mask(spec.url)));
  return prefix + parts.join(' ');
}

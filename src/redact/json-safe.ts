/**
 * Masking that keeps JSON text valid. Every byte of `--json` output passes the mask, so a card
 * number or a secret sitting as a bare JSON number (`"CartItemId": 4111111111111111`) must become a
 * string (`"************1111"`), never bare stars. Inside strings any replacement without quotes or
 * backslashes is safe as is.
 */

const TOKEN_CHAR = /[A-Za-z0-9_.+\-*]/;

/**
 * Tracks, for increasing offsets of one text, whether a position is inside a JSON string. Strings
 * never span lines in JSON, so a line break resets the state: free text with a stray quote only
 * confuses its own line.
 */
export class JsonScan {
  private pos = 0;
  private inString = false;
  constructor(private readonly s: string) {}

  /** Whether offset `at` (never less than the previous query) lies inside a JSON string. */
  inStringAt(at: number): boolean {
    this.advance(at);
    return this.inString;
  }

  private advance(to: number): void {
    const s = this.s;
    let i = this.pos;
    for (; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c === 10) this.inString = false;
      else if (this.inString && c === 92) i++; // the escaped character may lie past `to`: pos remembers
      else if (c === 34) this.inString = !this.inString;
    }
    this.pos = Math.max(this.pos, i);
  }

  /** The whole bare token around [start, end) when it is an unquoted JSON value, else undefined. */
  bareToken(start: number, end: number): [number, number] | undefined {
    this.advance(start);
    if (this.inString) return undefined;
    const s = this.s;
    let a = start;
    while (a > 0 && TOKEN_CHAR.test(s[a - 1]!)) a--;
    let b = end;
    while (b < s.length && TOKEN_CHAR.test(s[b]!)) b++;
    let p = a - 1;
    while (p >= 0 && /\s/.test(s[p]!)) p--;
    let n = b;
    while (n < s.length && /\s/.test(s[n]!)) n++;
    const before = p >= 0 ? s[p]! : '';
    const after = n < s.length ? s[n]! : '';
    // A value inside a container is always followed by , ] or }: a header line "Key: value" is not.
    return before && after && ':[,'.includes(before) && ',]}'.includes(after) ? [a, b] : undefined;
  }
}

/**
 * Replaces every match of `re` (global) by `mask(match)`; a match that is (part of) a bare JSON
 * value replaces that whole value with the mask in quotes. `mask` returning undefined keeps the match.
 */
export function replaceJsonSafe(s: string, re: RegExp, mask: (match: string) => string | undefined): string {
  const scan = new JsonScan(s);
  let out = '';
  let last = 0;
  for (const m of s.matchAll(re)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start < last) continue; // swallowed by the previous token
    const masked = mask(m[0]);
    if (masked === undefined) continue;
    const token = scan.bareToken(start, end);
    if (token && token[0] >= last) {
      out += `${s.slice(last, token[0])}"${masked}"`;
      last = token[1];
    } else {
      out += s.slice(last, start) + masked;
      last = end;
    }
  }
  return last === 0 ? s : out + s.slice(last);
}

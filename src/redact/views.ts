/**
 * Decoded readings ("views") of a text, each character mapped back to the span of the original it
 * came from. An echo rarely shows a secret as it was sent: a merchant writes it back URL-encoded
 * (once or twice), form-encoded, JSON-escaped (`\/`, `\u0041`), as HTML entities (`&amp;`,
 * `&#x41;`) or as UTF-16 (every ASCII character followed or preceded by a NUL). Any mix of escaped
 * and plain characters occurs, so listing spellings cannot be complete; decoding can. The redactor
 * finds secrets and card numbers in every view and masks the matching span of the original text.
 */

/** One reading of a text: `text[i]` came from `original.slice(from[i], to[i])`. */
export interface View {
  text: string;
  from: Int32Array;
  to: Int32Array;
}

/** Named HTML entities an echo uses for the characters of a URL, JSON or a credential. */
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', sol: '/', bsol: '\\', colon: ':', semi: ';',
  equals: '=', plus: '+', percnt: '%', num: '#', commat: '@', lowbar: '_', period: '.', comma: ',', excl: '!',
  quest: '?', lpar: '(', rpar: ')', ast: '*', dollar: '$', lbrace: '{', rbrace: '}', lsqb: '[', rsqb: ']',
  hyphen: '-', dash: '-', grave: '`', tilde: '~', Hat: '^', verbar: '|', Tab: '\t', NewLine: '\n',
};
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]{2,8}));?/y;
const SIMPLE_ESCAPES: Record<string, string> = { '/': '/', '"': '"', "'": "'", '\\': '\\', n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const HEX4 = /^[0-9A-Fa-f]{4}$/;

/** Characters that start an escape one of the decoders knows (a text without any has no other view). */
const ESCAPE_START = /[\\&%+\u0000\uFFFD]/;

/** The byte of `%XX` at `i`, or -1. */
function percentByte(s: string, i: number): number {
  if (s.charCodeAt(i) !== 37) return -1;
  const hex = s.slice(i + 1, i + 3);
  return HEX2.test(hex) ? parseInt(hex, 16) : -1;
}

/**
 * The character a `%XX` sequence at `i` spells (one UTF-8 encoded code point, up to four `%XX`),
 * with the length of the sequence; undefined when the bytes are no valid UTF-8.
 */
function percentChar(s: string, i: number): [string, number] | undefined {
  const lead = percentByte(s, i);
  if (lead < 0) return undefined;
  if (lead < 0x80) return [String.fromCharCode(lead), 3];
  const n = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead <= 0xdf ? 2 : 0;
  if (n === 0) return undefined;
  const bytes = [lead];
  for (let k = 1; k < n; k++) {
    const b = percentByte(s, i + 3 * k);
    if (b < 0x80 || b > 0xbf) return undefined;
    bytes.push(b);
  }
  const text = Buffer.from(bytes).toString('utf8');
  return text.includes('\uFFFD') ? undefined : [text, 3 * n];
}

/** Which escapes one decoding pass undoes. */
export interface DecodeOptions {
  /** Backslash escapes of JSON and JavaScript (`\"`, `\/`, `\u0041`, `\x41`). */
  backslash: boolean;
  /** HTML entities (`&amp;`, `&quot;`, `&#x41;`). */
  entities: boolean;
  /** `%XX` (off for a text whose other escapes hide a literal `%41` of a secret). */
  percent: boolean;
  /** `+` as a space (form encoding). */
  plus: boolean;
}

/** One escape at `i` (JSON/JS backslash, HTML entity, percent): the decoded text and how many characters it used. */
function escapeAt(s: string, i: number, { backslash, entities, percent, plus }: DecodeOptions): [string, number] | undefined {
  const c = s[i];
  if (c === '\\' && backslash) {
    const n = s[i + 1];
    if (n === undefined) return undefined;
    if (n === 'u' && HEX4.test(s.slice(i + 2, i + 6))) return [String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16)), 6];
    if (n === 'x' && HEX2.test(s.slice(i + 2, i + 4))) return [String.fromCharCode(parseInt(s.slice(i + 2, i + 4), 16)), 4];
    const simple = SIMPLE_ESCAPES[n];
    return simple === undefined ? undefined : [simple, 2];
  }
  if (c === '&' && entities) {
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(s);
    if (!m) return undefined;
    if (m[3] !== undefined) {
      const named = ENTITIES[m[3]] ?? ENTITIES[m[3].toLowerCase()];
      return named === undefined || !m[0].endsWith(';') ? undefined : [named, m[0].length];
    }
    const code = m[1] !== undefined ? parseInt(m[1], 10) : parseInt(m[2]!, 16);
    return code <= 0x10ffff ? [String.fromCodePoint(code), m[0].length] : undefined;
  }
  if (c === '%' && percent) return percentChar(s, i);
  if (c === '+' && plus) return [' ', 1];
  return undefined;
}

/**
 * `view` with one level of escapes decoded: backslash escapes, HTML entities, `%XX` (UTF-8) and `+`
 * as a space as `options` say, and NUL characters dropped (UTF-16 read as 8-bit text; U+FFFD too,
 * which is what a NUL becomes where it cannot be written). Undefined when nothing changed.
 */
export function decodeOnce(view: View, options: DecodeOptions): View | undefined {
  const s = view.text;
  const n = s.length;
  const starts = new RegExp(ESCAPE_START.source, 'g');
  if (!ESCAPE_START.test(s)) return undefined;
  const parts: string[] = [];
  // A decoded text is never longer than the text it came from.
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  let k = 0;
  let changed = false;
  const keep = (a: number, b: number) => {
    parts.push(s.slice(a, b));
    from.set(view.from.subarray(a, b), k);
    to.set(view.to.subarray(a, b), k);
    k += b - a;
  };
  for (let i = 0; i < n; ) {
    starts.lastIndex = i;
    const next = starts.exec(s)?.index ?? n;
    if (next > i) keep(i, next);
    i = next;
    if (i >= n) break;
    const code = s.charCodeAt(i);
    const esc = escapeAt(s, i, options);
    if (esc) {
      const a = view.from[i]!;
      const b = view.to[i + esc[1] - 1]!;
      for (let c = 0; c < esc[0].length; c++) {
        const ch = esc[0].charCodeAt(c);
        // A NUL is the other half of a UTF-16 code unit: dropped, its span joins the neighbours'.
        if (ch === 0 || ch === 0xfffd) continue;
        parts.push(esc[0][c]!);
        from[k] = a;
        to[k] = b;
        k++;
      }
      i += esc[1];
      changed = true;
    } else if (code === 0 || code === 0xfffd) {
      i++;
      changed = true;
    } else {
      keep(i, i + 1);
      i++;
    }
  }
  return changed ? { text: parts.join(''), from: from.subarray(0, k), to: to.subarray(0, k) } : undefined;
}

/** The identity view of `s`. */
export function identityView(s: string): View {
  const from = new Int32Array(s.length);
  const to = new Int32Array(s.length);
  for (let i = 0; i < s.length; i++) {
    from[i] = i;
    to[i] = i + 1;
  }
  return { text: s, from, to };
}

/** How many levels of encoding are undone (a value URL-encoded twice inside JSON is three). */
const MAX_LEVELS = 3;
/** Views beyond this many are not built (each level multiplies the candidates). */
const MAX_VIEWS = 12;

const ALL: DecodeOptions = { backslash: true, entities: true, percent: true, plus: false };
/**
 * The passes tried at each level: every escape at once (most echoes), and each family alone, since
 * layers decoded in the wrong order spell something else (`\&quot;` is an HTML-escaped JSON quote,
 * `%41` inside a JSON string may be the secret's own text).
 */
const FAMILIES = { backslash: /\\[\\/"'nrtbfux]/, entities: /&(?:#|[A-Za-z]{2,8};)/, percent: /%[0-9A-Fa-f]{2}/ };
const PASSES: { options: DecodeOptions; family?: keyof typeof FAMILIES; applies: { test(text: string): boolean } }[] = [
  { options: ALL, applies: ESCAPE_START },
  { options: { ...ALL, entities: false, percent: false }, family: 'backslash', applies: FAMILIES.backslash },
  { options: { ...ALL, backslash: false, percent: false }, family: 'entities', applies: FAMILIES.entities },
  { options: { ...ALL, backslash: false, entities: false }, family: 'percent', applies: FAMILIES.percent },
  // `+` for a space only matters with `%XX` around: a secret's form-encoding without any is listed as such.
  { options: { backslash: false, entities: false, percent: true, plus: true }, applies: { test: (t: string) => t.includes('+') && FAMILIES.percent.test(t) } },
];
const DEEPER = [PASSES[0]!, PASSES[4]!];

/** Every decoded view of `s` (the identity excluded), breadth first, without repeats. */
export function decodedViews(s: string): View[] {
  if (!ESCAPE_START.test(s)) return [];
  const seen = new Set<string>([s]);
  const out: View[] = [];
  let level: View[] = [identityView(s)];
  for (let depth = 0; depth < MAX_LEVELS && level.length > 0 && out.length < MAX_VIEWS; depth++) {
    const next: View[] = [];
    for (const v of level) {
      // One family alone reads differently from all at once only where another family is present too.
      const present = (Object.keys(FAMILIES) as (keyof typeof FAMILIES)[]).filter((f) => FAMILIES[f].test(v.text));
      // Past the first level, undoing each family alone again rarely spells anything new: all at once, and `+`.
      for (const pass of depth === 0 ? PASSES : DEEPER) {
        if (out.length >= MAX_VIEWS || !pass.applies.test(v.text)) continue;
        if (pass.family && present.length < 2) continue;
        const d = decodeOnce(v, pass.options);
        if (!d || seen.has(d.text)) continue;
        seen.add(d.text);
        out.push(d);
        next.push(d);
      }
    }
    level = next;
  }
  return out;
}

/** The original span of view characters [start, end). */
export function originalSpan(view: View, start: number, end: number): [number, number] {
  return [view.from[start]!, view.to[end - 1]!];
}

/** True for a character of base64 (standard alphabet). */
function isBase64Char(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
}

/** Base64 characters (`=` too) right before `at`, counted up to `max`. */
function base64Before(s: string, at: number, max: number): number {
  let n = 0;
  while (n < max && at - n > 0 && (isBase64Char(s.charCodeAt(at - n - 1)) || s.charCodeAt(at - n - 1) === 61)) n++;
  return n;
}

/** A wrapped line of base64 holds at least this many characters before its break (MIME 76, PEM 64). */
const MIN_WRAPPED_LINE = 32;

/**
 * Base64 as a dump prints it, wrapped into lines (76 characters for MIME, 64 for PEM), with LF or
 * CRLF, maybe indented (a report shows a body indented), maybe inside other text (a JSON string
 * whose `\r\n` a decoded view turned into line breaks): each break that follows 32 or more base64
 * characters and precedes more is removed, so a secret's base64 spanning two lines is found. A
 * scan, not a regular expression: V8's regex engine runs out of stack on a line of megabytes (a
 * 6 MiB answer made of one character), and this runs on every text that is masked.
 */
export function unwrappedBase64(s: string): View | undefined {
  if (s.indexOf('\n') < 0) return undefined;
  const from = new Int32Array(s.length);
  const to = new Int32Array(s.length);
  const parts: string[] = [];
  let k = 0;
  let last = 0;
  let joined = false;
  const keep = (a: number, b: number) => {
    parts.push(s.slice(a, b));
    for (let i = a; i < b; i++, k++) (from[k] = i), (to[k] = i + 1);
  };
  for (let i = s.indexOf('\n'); i >= 0 && i < s.length; ) {
    // The break starts at a CR right before the LF, when there is one.
    const start = s.charCodeAt(i - 1) === 13 ? i - 1 : i;
    const before = s.charCodeAt(start - 1);
    // Every break and indentation that follows: (\r?\n[ \t]*)+
    let end = i;
    for (;;) {
      if (s.charCodeAt(end) === 13 && s.charCodeAt(end + 1) === 10) end++;
      if (s.charCodeAt(end) !== 10) break;
      end++;
      while (s.charCodeAt(end) === 32 || s.charCodeAt(end) === 9) end++;
    }
    if (start > 0 && (isBase64Char(before) || before === 61) && end < s.length && isBase64Char(s.charCodeAt(end)) && base64Before(s, start, MIN_WRAPPED_LINE) >= MIN_WRAPPED_LINE) {
      keep(last, start);
      last = end;
      joined = true;
    }
    i = end > i ? s.indexOf('\n', end) : s.indexOf('\n', i + 1);
  }
  if (!joined) return undefined;
  keep(last, s.length);
  return { text: parts.join(''), from: from.subarray(0, k), to: to.subarray(0, k) };
}

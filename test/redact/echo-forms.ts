/**
 * Every form in which an echoing server may write a secret back, for tests that grep output for
 * it. Written independently of src/redact (no shared code), so a test fails when the redactor misses
 * a form, not when both share a blind spot.
 */

/** One spelling of a secret and the name of the encoding that made it. */
export interface EchoForm {
  kind: string;
  text: string;
}

const b64 = (s: string | Buffer, url = false) => Buffer.from(s as string).toString(url ? 'base64url' : 'base64');
const hex = (c: string) => c.codePointAt(0)!.toString(16);

/** The base64 characters of `secret` that appear whatever precedes it in a longer base64 value, for each of the 3 alignments. */
export function base64InRun(secret: string, url = false): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out: string[] = [];
  for (const pad of [0, 1, 2]) {
    const enc = Buffer.concat([Buffer.alloc(pad, 0x41), bytes]).toString(url ? 'base64url' : 'base64').replace(/=+$/, '');
    out.push(enc.slice(Math.ceil((8 * pad) / 6), Math.floor((8 * (pad + bytes.length)) / 6)));
  }
  return out;
}

/** PHP's json_encode: `/` escaped, every non-ASCII character as `\uXXXX`. */
export function phpJson(s: string): string {
  return JSON.stringify(s)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** HTML-escaped as a template engine does (`&amp;`, `&lt;`, `&quot;`, `&#39;`), non-ASCII as `&#x..;`. */
export function htmlEscaped(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/[^\x00-\x7e]/gu, (c) => `&#x${hex(c)};`);
}

/** Every character as a numeric entity (`&#x41;`), and as a JSON `\u0041` escape. */
const allEntities = (s: string) => [...s].map((c) => `&#x${hex(c)};`).join('');
const allUnicodeEscapes = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** UTF-16LE text read as 8-bit characters: NUL after every ASCII character. */
export function utf16Latin1(s: string): string {
  return Buffer.from(s, 'utf16le').toString('latin1');
}

/** Every form of `secret` an echo may take (repeats removed; forms of 3 characters or fewer left out). */
export function echoForms(secret: string): EchoForm[] {
  let uri: string;
  try {
    uri = encodeURIComponent(secret);
  } catch {
    return [{ kind: 'raw', text: secret }]; // a lone surrogate has no encoded spelling
  }
  const candidates: EchoForm[] = [
    { kind: 'raw', text: secret },
    { kind: 'url-encoded', text: uri },
    { kind: 'url-encoded (lower-case hex)', text: uri.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()) },
    { kind: 'url-encoded twice', text: encodeURIComponent(uri) },
    { kind: 'form-encoded', text: new URLSearchParams({ k: secret }).toString().slice(2) },
    { kind: 'form-encoded twice', text: encodeURIComponent(new URLSearchParams({ k: secret }).toString().slice(2)) },
    { kind: 'base64', text: b64(secret) },
    { kind: 'base64url', text: b64(secret, true) },
    ...base64InRun(secret).map((text, i) => ({ kind: `base64 inside a base64 run (alignment ${i})`, text })),
    ...base64InRun(secret, true).map((text, i) => ({ kind: `base64url inside a run (alignment ${i})`, text })),
    { kind: 'JSON-escaped', text: JSON.stringify(secret).slice(1, -1) },
    { kind: 'JSON-escaped twice', text: JSON.stringify(JSON.stringify(secret)).slice(3, -3) },
    { kind: 'PHP json_encode (\\/ and \\uXXXX)', text: phpJson(secret) },
    { kind: 'JSON \\uXXXX for every character', text: allUnicodeEscapes(secret) },
    { kind: 'HTML entities', text: htmlEscaped(secret) },
    { kind: 'HTML numeric entities for every character', text: allEntities(secret) },
    { kind: 'HTML-escaped JSON', text: htmlEscaped(JSON.stringify(secret).slice(1, -1)) },
    { kind: 'UTF-16LE (NUL-interleaved)', text: utf16Latin1(secret) },
    { kind: 'UTF-16LE as JSON shows it', text: JSON.stringify(utf16Latin1(secret)).slice(1, -1) },
    { kind: 'UTF-16LE with NULs replaced (XML)', text: utf16Latin1(secret).replace(/\u0000/g, '\uFFFD') },
  ];
  const seen = new Set<string>();
  return candidates.filter((f) => f.text.length > 3 && !seen.has(f.text) && seen.add(f.text));
}

/** Every `name: kind` under which a secret of `secrets` appears in `text`. */
export function leaksIn(text: string, secrets: Record<string, string>): string[] {
  return leakScanner(secrets)(text);
}

/**
 * A scanner for many secrets over many texts: every form indexed by its first 4 characters, each
 * text read once (a run makes hundreds of JWTs; `includes` per form per text would take seconds).
 */
export function leakScanner(secrets: Record<string, string>): (text: string) => string[] {
  const byHead = new Map<string, { form: string; label: string }[]>();
  for (const [name, secret] of Object.entries(secrets)) {
    for (const form of echoForms(secret)) {
      const head = form.text.slice(0, 4);
      (byHead.get(head) ?? byHead.set(head, []).get(head)!).push({ form: form.text, label: `${name}: ${form.kind}` });
    }
  }
  return (text) => {
    const found = new Set<string>();
    for (let i = 0; i + 4 <= text.length; i++) {
      const candidates = byHead.get(text.slice(i, i + 4));
      if (candidates) for (const c of candidates) if (text.startsWith(c.form, i)) found.add(c.label);
    }
    return [...found];
  };
}

/**
 * Card data in `text`: more than the last 4 digits of `card` (digits joined by any separator an
 * echo uses: space, `.`, `-`, `+`, `%20`, `_`), and `code` right after a CVV or PIN label in any
 * escaping (`CVV: 739`, `&quot;CVVNumber&quot;:&quot;739`, `CVVNumber%22%3A%22739`).
 */
export function cardLeaksIn(text: string, card: string, code?: string): string[] {
  const found: string[] = [];
  const joined = text.replace(/(?<=\d)(?:[ .+_-]|%20|%2[bB]|\\u0020|&#32;)(?=\d)/g, '');
  // Any 6 digits in a row of those the mask must hide (all but the last 4).
  const hidden = card.slice(0, -4);
  for (let i = 0; i + 6 <= hidden.length; i++) {
    if (joined.includes(hidden.slice(i, i + 6))) {
      found.push('card (more than the last 4 digits)');
      break;
    }
  }
  if (code) {
    const decoded = [text, decodeAll(text), decodeAll(decodeAll(text))];
    const label = new RegExp(String.raw`(?:cvv|cvc|pin|security code)[A-Za-z_]*["']?\s*(?:[:=]|is)?\s*["']?${code}(?!\d)`, 'i');
    if (decoded.some((t) => label.test(t))) found.push('security code after its label');
  }
  return found;
}

/** One level of URL, HTML and JSON escapes undone (good enough to read an echo, not a parser). */
function decodeAll(s: string): string {
  return s
    .replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\\u([0-9A-Fa-f]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\(["\\/])/g, '$1')
    .replace(/\u0000/g, '');
}

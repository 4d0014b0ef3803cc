/**
 * The spellings under which a secret may show up in output: raw, URL-encoded (both styles, both hex
 * cases), JSON-escaped, and base64/base64url, including base64 of the secret embedded in a longer
 * value (a Basic header carries base64("user:" + password), in which the password's own base64 does
 * not appear as such).
 */

/** Shortest base64 fragment worth masking: shorter ones would hit innocent text. */
const MIN_FRAGMENT = 6;

function tryEncode(s: string): string | undefined {
  try {
    return encodeURIComponent(s);
  } catch {
    return undefined; // a lone surrogate: no URL-encoded spelling exists
  }
}

/**
 * The base64 characters that are fully determined by `bytes` when they start at byte offset
 * `shift` (0, 1 or 2) of some longer encoded value: whatever precedes or follows, these appear.
 */
function base64Core(bytes: Buffer, shift: number, url: boolean): string {
  const enc = Buffer.concat([Buffer.alloc(shift), bytes]).toString(url ? 'base64url' : 'base64').replace(/=+$/, '');
  const from = Math.ceil((8 * shift) / 6);
  const to = Math.floor((8 * (shift + bytes.length)) / 6);
  return enc.slice(from, to);
}

/**
 * Every spelling of `secret` to replace in free text (the secret itself first): the text forms (raw,
 * URL-encoded, form-encoded, JSON-escaped), and the base64/base64url of each text form, whole and as
 * the fragments that appear inside a longer base64 value at each of the 3 byte alignments. Other
 * escapes (HTML entities, `\uXXXX`, `\/`, URL-encoded twice, UTF-16) are undone by the decoded views
 * (views.ts) instead: their mixes with plain characters are too many to list.
 */
export function secretForms(secret: string): string[] {
  const text = new Set<string>([secret]);
  const uri = tryEncode(secret);
  if (uri !== undefined) {
    text.add(uri);
    text.add(uri.replace(/%20/g, '+'));
    text.add(uri.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
    text.add(new URLSearchParams({ k: secret }).toString().slice(2));
  }
  text.add(JSON.stringify(secret).slice(1, -1));
  const forms = new Set<string>(text);
  for (const t of text) {
    const bytes = Buffer.from(t, 'utf8');
    for (const url of [false, true]) {
      forms.add(bytes.toString(url ? 'base64url' : 'base64'));
      for (let shift = 0; shift < 3; shift++) {
        const core = base64Core(bytes, shift, url);
        if (core.length >= MIN_FRAGMENT) forms.add(core);
      }
    }
  }
  return [...forms].filter((f) => f.length > 0);
}

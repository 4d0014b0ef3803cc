/**
 * What base64 in a text hides. An echo of a whole request (`{"echo":"eyJPcmRlcklk…"}`, a dump wrapped
 * into MIME lines) carries card numbers and security codes the free-text rules only find once the
 * base64 is decoded. Each base64 run that decodes to text becomes a view (views.ts) whose every
 * character maps back to the 4 base64 characters that encode it, so a card found in the decoded
 * text masks the base64 that spells it. Linear scans, no regular expressions: runs are megabytes.
 */
import type { View } from './views.js';

/** Shorter runs are left alone: a card number alone is 20 base64 characters. */
const MIN_RUN = 20;
/** A run decodes to text when at least this share of its bytes is printable ASCII or a line break. */
const MIN_PRINTABLE = 0.85;

function isRunChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 45 || c === 95;
}

function mostlyText(bytes: Buffer): boolean {
  let printable = 0;
  for (const b of bytes) if ((b >= 32 && b < 127) || b === 9 || b === 10 || b === 13) printable++;
  return bytes.length > 0 && printable >= MIN_PRINTABLE * bytes.length;
}

/** One view per base64 (or base64url) run of `s` that decodes to text; byte i of a run maps to its quad. */
export function base64Views(s: string): View[] {
  const views: View[] = [];
  for (let i = 0; i < s.length; ) {
    if (!isRunChar(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < s.length && isRunChar(s.charCodeAt(i))) i++;
    const end = i;
    while (s.charCodeAt(i) === 61) i++;
    if (end - start < MIN_RUN) continue;
    const bytes = Buffer.from(s.slice(start, end), 'base64');
    if (!mostlyText(bytes)) continue;
    const from = new Int32Array(bytes.length);
    const to = new Int32Array(bytes.length);
    for (let b = 0; b < bytes.length; b++) {
      from[b] = start + Math.floor(b / 3) * 4;
      to[b] = Math.min(end, from[b]! + 4);
    }
    views.push({ text: bytes.toString('latin1'), from, to });
  }
  return views;
}

/** `inner` (a view of `outer.text`) as a view of the text `outer` reads. */
export function composeViews(outer: View, inner: View): View {
  const from = new Int32Array(inner.text.length);
  const to = new Int32Array(inner.text.length);
  for (let i = 0; i < inner.text.length; i++) {
    from[i] = outer.from[inner.from[i]!]!;
    to[i] = outer.to[inner.to[i]! - 1]!;
  }
  return { text: inner.text, from, to };
}

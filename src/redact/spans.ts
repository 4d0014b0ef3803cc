/**
 * The one place masks are written into a text. Rules and registered secrets only find spans; this
 * merges them (overlapping spans become one mask) and replaces them, keeping JSON text valid: a span
 * that is (part of) a bare JSON value (`"CartItemId": 4111111111111111`) replaces that whole value
 * with the mask in quotes, never bare stars.
 */
import { JsonScan } from './json-safe.js';

/** A range of a text to replace by `mask`. */
export interface Span {
  start: number;
  end: number;
  mask: string;
}

/** The mask every merged span renders as (spans of different rules overlapping). */
const MERGED = '****';

/** Sorted, non-overlapping spans; overlapping ones are merged into one plain mask. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start < last.end) {
      const inside = span.end <= last.end;
      // A span inside a plain mask changes nothing; any other overlap (a card mask and a secret) masks the union.
      if (inside && (span.mask === last.mask || !/\d/.test(last.mask))) continue;
      last.end = Math.max(last.end, span.end);
      last.mask = MERGED;
    } else out.push({ ...span });
  }
  return out;
}

/** One replacement as applied: where it was in the input, and the length of what replaced it. */
export interface Applied {
  start: number;
  end: number;
  length: number;
}

/** `s` with `spans` replaced (merged first); `applied` receives each replacement made, in order. */
export function applySpans(s: string, spans: Span[], applied?: Applied[]): string {
  if (spans.length === 0) return s;
  const scan = new JsonScan(s);
  let out = '';
  let last = 0;
  for (const span of mergeSpans(spans)) {
    if (span.start < last) continue;
    const token = scan.bareToken(span.start, span.end);
    let start = span.start;
    let end = span.end;
    let mask = span.mask;
    if (token && token[0] >= last) {
      [start, end] = token;
      mask = mask.startsWith('"') || mask.startsWith('\\') ? mask : `"${mask}"`;
    }
    if (s.slice(start, end) === mask) continue;
    out += s.slice(last, start) + mask;
    applied?.push({ start, end, length: mask.length });
    last = end;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Where `offset` of the input lies in the output of applySpans (inside a replacement: its start). */
export function mapOffset(offset: number, applied: readonly Applied[]): number {
  let delta = 0;
  for (const a of applied) {
    if (a.start >= offset) break;
    if (a.end > offset) return a.start + delta;
    delta += a.length - (a.end - a.start);
  }
  return offset + delta;
}

/** Text helpers of the HTML report: escaping, and the forms in which bodies and values are shown. */
import { prettyJson } from './pretty-json.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for an HTML text node or a quoted attribute value. Every string that comes from a run
 * (bodies, headers, URLs, variants, findings) goes through here: a merchant's answer is hostile input.
 */
export function esc(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** A body as a person reads it: JSON pretty-printed, anything else as received. */
export function prettyBody(body: string): { text: string; json: boolean } {
  if (body.trim() === '') return { text: '(empty)', json: false };
  const pretty = prettyJson(body);
  return pretty === undefined ? { text: body, json: false } : { text: pretty, json: true };
}

/** An expected or received value: strings as they are, anything else as (pretty) JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value, null, 2);
    return text ?? String(value);
  } catch {
    // A cycle or a BigInt: still say something.
    return String(value);
  }
}

/** "1 case" / "2 cases". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

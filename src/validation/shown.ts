/**
 * How received values appear in findings. A captured payload may hold a value of megabytes: a
 * finding quotes enough of it to recognise, never all of it (reports are read by people and kept).
 */
import { maskedHead } from '../redact/cut.js';

/** Characters of a string kept in a finding's `actual`. */
const MAX_ACTUAL = 200;
/** Characters of a value quoted inside a message. */
const MAX_QUOTED = 60;

/** A long string cut, saying how long it was; anything else as is. */
export function clipped(value: unknown): unknown {
  if (typeof value !== 'string' || value.length <= MAX_ACTUAL) return value;
  // Masked on its whole length, then cut: a cut first would leave a piece of a secret unrecognised.
  return `${maskedHead(value, MAX_ACTUAL).text}… (${value.length} characters)`;
}

/** A value as a message quotes it: JSON, cut after a few dozen characters (masked first, then cut). */
export function quoted(value: unknown): string {
  const text = typeof value === 'string' && value.length > MAX_QUOTED ? `${JSON.stringify(maskedHead(value, MAX_QUOTED).text).slice(0, -1)}…"` : JSON.stringify(value) ?? String(value);
  return text.length > MAX_QUOTED + 10 ? `${text.slice(0, MAX_QUOTED)}…` : text;
}

/** What a rule received where it needs a value: `absent` for a missing property (null stays null). */
export function received(value: unknown): unknown {
  return value === undefined ? 'absent' : clipped(value);
}

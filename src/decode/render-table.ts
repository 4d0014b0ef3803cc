/**
 * The terminal view of `xborder decode`: one row per decoded value (path, raw, decoded, note).
 * Pure: values in, text out; colour is a parameter.
 */
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import type { DecodedValue } from './payload-decode.js';

/** How the table is drawn. */
export interface DecodeTableOptions {
  color: boolean;
  /** Whether every encoded-looking string was decoded (changes the hint when nothing was found). */
  all?: boolean;
  /** Terminal width to fit by wrapping raw/decoded; undefined (not a terminal) keeps rows unwrapped. */
  width?: number;
}

/** The note column: bad sequences and double encoding. */
export function noteFor(value: DecodedValue): string {
  const notes: string[] = [];
  if (value.doubleEncoded) notes.push('decoded twice (value was encoded twice)');
  if (value.issues.length > 0) notes.push(`bad sequence: ${value.issues.join('; ')}`);
  return notes.join('; ');
}

/** Characters of a raw or decoded value a cell shows; `--json` prints values whole. */
const MAX_CELL = 300;

/**
 * A value as a cell: control characters (a CRLF in a hub address) as escapes so rows stay on their
 * line, and a long value cut (every row of a table is as wide as its widest cell).
 */
function visible(s: string): string {
  const cut = s.length > MAX_CELL ? `${s.slice(0, MAX_CELL)}… (${s.length} characters; --json shows it whole)` : s;
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u001f\u007f]/g, (c) => JSON.stringify(c).slice(1, -1));
}

/**
 * Column widths that fit `width`: path keeps its natural width, the note at most 30, raw and decoded
 * share the rest. Without a width (output piped) the table keeps natural widths so values stay greppable.
 */
function fitWidths(rows: string[][], width: number | undefined): { colWidths?: number[]; wordWrap?: boolean; wrapOnWordBoundary?: boolean } {
  const natural = [0, 1, 2, 3].map((c) => Math.max(['path', 'raw', 'decoded', 'note'][c].length, ...rows.map((r) => r[c].length)) + 2);
  const total = natural.reduce((a, b) => a + b, 0) + 5;
  if (width === undefined || total <= width) return {};
  const note = Math.min(natural[3], 32);
  const rest = Math.max(24, width - 5 - natural[0] - note);
  const raw = Math.min(natural[1], Math.max(12, Math.ceil(rest * 0.55)));
  const decoded = Math.max(12, Math.min(natural[2], rest - raw));
  return { colWidths: [natural[0], raw, decoded, note], wordWrap: true, wrapOnWordBoundary: false };
}

/** Renders the table and a one-line summary. */
export function renderDecodeTable(values: DecodedValue[], options: DecodeTableOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  if (values.length === 0) {
    const hint = options.all ? '' : ' (only the fields the interface encodes were looked at; --all looks at every string)';
    return `No URL-encoded values found${hint}.\n`;
  }
  const rows = values.map((v) => [v.path, visible(v.raw), visible(v.decoded), noteFor(v)]);
  const table = new Table({
    head: ['path', 'raw', 'decoded', 'note'],
    style: { head: options.color ? ['cyan'] : [], border: options.color ? ['gray'] : [] },
    ...fitWidths(rows, options.width),
  });
  for (const [path, raw, decoded, note] of rows) table.push([path, raw, decoded, note ? chalk.yellow(note) : '']);
  const flagged = values.filter((v) => v.issues.length > 0 || v.doubleEncoded).length;
  const summary = `${values.length} value${values.length === 1 ? '' : 's'} decoded${flagged ? `, ${chalk.yellow(`${flagged} flagged`)}` : ''}`;
  return `${table.toString()}\n${summary}\n`;
}

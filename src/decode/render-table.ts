/**
 * The terminal view of `xborder decode`: one row per decoded value (path, raw, decoded, note), then
 * the notes that are not about a row (a hub block carrying encoded values, the end customer's values
 * sent unencoded). Pure: values in, text out; colour is a parameter.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Finding } from '../model.js';
import type { DecodedValue } from './payload-decode.js';
import { fitLines } from '../report/width.js';
import { renderGrid, type GridColumn } from '../report/grid.js';

/** How the table is drawn. */
export interface DecodeTableOptions {
  color: boolean;
  /** Whether every encoded-looking string was decoded (changes the hint when nothing was found). */
  all?: boolean;
  /** Width every line must fit (the terminal's, 120 when not a terminal); undefined keeps natural widths. */
  width?: number;
  /** The payload is a cart: merchants send carts raw, which the empty result then says. */
  cart?: boolean;
}

/** The note column: a hub block decoded by evidence, bad sequences and double encoding. */
export function noteFor(value: DecodedValue): string {
  const notes: string[] = [];
  if (value.role === 'hub') notes.push('hub block: decoded by evidence');
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
 * The columns: a path and values, which wrap only between words (an encoded value, a URL, stays
 * whole); the values keep a readable width. Too narrow, each value is a block: its path, then raw,
 * decoded and the note, one a line.
 */
const COLUMNS: GridColumn[] = [
  { title: 'path' },
  { title: 'raw', readable: 16, block: 'labelled' },
  { title: 'decoded', readable: 16, block: 'labelled' },
  { title: 'note', readable: 12, block: 'labelled' },
];

/** The hint when nothing was decoded: what was looked at. */
function emptyHint(options: DecodeTableOptions): string {
  if (options.all) return '';
  if (options.cart) return ' (carts are sent raw by the merchant: nothing in them is URL-encoded; --all looks at every string)';
  return ' (only the fields the interface encodes were looked at; --all looks at every string)';
}

/**
 * The notes not shown in a row's note column, one line each (`info  /PrimaryBilling  message`).
 * Notes on a decoded value (double encoding, bad sequences) are in its row already.
 */
function renderNotes(notes: Finding[], rowPaths: Set<string>, chalk: ChalkInstance): string {
  const rest = notes.filter((n) => n.path === undefined || !rowPaths.has(n.path));
  if (rest.length === 0) return '';
  const lines = rest.map((n) => {
    const severity = n.severity ?? 'error';
    const label = severity === 'info' ? chalk.cyan('info   ') : chalk.yellow(severity.padEnd(7));
    return `  ${label} ${visible(n.path ?? '')}  ${visible(n.message)}`;
  });
  return `Notes:\n${lines.join('\n')}\n`;
}

/** Renders the table, a one-line summary and the notes not about a row. */
export function renderDecodeTable(values: DecodedValue[], options: DecodeTableOptions, notes: Finding[] = []): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const rowPaths = new Set(values.map((v) => v.path));
  const noteText = renderNotes(notes, rowPaths, chalk);
  if (values.length === 0) {
    const text = `No URL-encoded values found${emptyHint(options)}.\n${noteText}`;
    return options.width === undefined ? text : `${fitLines(text.replace(/\n$/, ''), options.width)}\n`;
  }
  const rows = values.map((v) => [v.path, visible(v.raw), visible(v.decoded), noteFor(v)]);
  const table = renderGrid(COLUMNS, rows.map(([path, raw, decoded, note]) => [path!, raw!, decoded!, note ? chalk.yellow(note) : '']), { width: options.width ?? Number.POSITIVE_INFINITY, color: options.color, rules: true });
  const flagged = values.filter((v) => v.issues.length > 0 || v.doubleEncoded).length;
  const summary = `${values.length} value${values.length === 1 ? '' : 's'} decoded${flagged ? `, ${chalk.yellow(`${flagged} flagged`)}` : ''}`;
  const text = `${table}\n${summary}\n${noteText}`;
  return options.width === undefined ? text : `${fitLines(text.replace(/\n$/, ''), options.width)}\n`;
}

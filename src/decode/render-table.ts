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
}

/** The note column: bad sequences and double encoding. */
export function noteFor(value: DecodedValue): string {
  const notes: string[] = [];
  if (value.doubleEncoded) notes.push('decoded twice (value was encoded twice)');
  if (value.issues.length > 0) notes.push(`bad sequence: ${value.issues.join('; ')}`);
  return notes.join('; ');
}

/** Control characters (a CRLF in a hub address) shown as escapes so rows stay on their line. */
function visible(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => JSON.stringify(c).slice(1, -1));
}

/** Renders the table and a one-line summary. */
export function renderDecodeTable(values: DecodedValue[], options: DecodeTableOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  if (values.length === 0) {
    const hint = options.all ? '' : ' (only the fields the interface encodes were looked at; --all looks at every string)';
    return `No URL-encoded values found${hint}.\n`;
  }
  const table = new Table({
    head: ['path', 'raw', 'decoded', 'note'],
    style: { head: options.color ? ['cyan'] : [], border: options.color ? ['gray'] : [] },
    colWidths: [null, 50, 40, 30] as unknown as number[],
    wordWrap: true,
    wrapOnWordBoundary: false,
  });
  for (const v of values) {
    const note = noteFor(v);
    table.push([v.path, visible(v.raw), visible(v.decoded), note ? chalk.yellow(note) : '']);
  }
  const flagged = values.filter((v) => v.issues.length > 0 || v.doubleEncoded).length;
  const summary = `${values.length} value${values.length === 1 ? '' : 's'} decoded${flagged ? `, ${chalk.yellow(`${flagged} flagged`)}` : ''}`;
  return `${table.toString()}\n${summary}\n`;
}

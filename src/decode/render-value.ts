/**
 * The terminal view of `xborder decode` given one value rather than a payload: what was done, the
 * value as given and decoded, each on a line of its own (a value is one token: never broken), then
 * the notes about it (encoded twice, bad sequences). Pure: values in, text out.
 */
import type { Finding } from '../model.js';
import { escapeControls } from '../report/terminal-text.js';

/** The report for one value; `notes[0]` says what was done, the rest are warnings about it. */
export function renderDecodedValue(raw: string, decoded: string, notes: Finding[]): string {
  const [said, ...rest] = notes;
  const lines = [`${said ? `${capitalised(said.message)}.` : ''}`, `  raw:     ${escapeControls(raw)}`];
  if (decoded !== raw) lines.push(`  decoded: ${escapeControls(decoded)}`);
  for (const note of rest) lines.push(`${note.severity ?? 'error'}: ${escapeControls(note.message)}`);
  return `${lines.join('\n')}\n`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

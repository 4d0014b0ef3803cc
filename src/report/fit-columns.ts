/**
 * Column widths for a cli-table3 table that must fit the terminal: each column as wide as its
 * longest cell, and when the sum does not fit, the widest columns give up room first (their cells
 * wrap) until it does. Every bordered table the tool prints goes through this, so none outgrows the
 * terminal (80 columns included).
 */
import { displayLength, wrap } from './width.js';

/** Narrowest a column is squeezed to (padding included): a word of a few letters still reads. */
const MIN_COLUMN = 10;

/** Options of fitColumnWidths. */
export interface FitOptions {
  /** Per column, the narrowest it may become (padding included); the others MIN_COLUMN. */
  min?: (number | undefined)[];
}

/**
 * cli-table3 `colWidths` (padding included) for `rows` (header first) within `width` characters,
 * borders included. The longest line of each cell counts (cells may hold line breaks).
 */
export function fitColumnWidths(rows: string[][], width: number, options: FitOptions = {}): number[] {
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const natural = Array.from({ length: columns }, (_, i) => 2 + Math.max(1, ...rows.map((r) => Math.max(0, ...String(r[i] ?? '').split('\n').map(displayLength)))));
  const floor = natural.map((n, i) => Math.min(n, options.min?.[i] ?? MIN_COLUMN));
  // One border character before each column and one after the last.
  const room = width - (columns + 1);
  const widths = [...natural];
  let excess = widths.reduce((a, b) => a + b, 0) - room;
  // Columns of words wrap at spaces; a column of unbroken values (paths, ids) breaks mid-word, so
  // it gives up room only when the words alone cannot make the table fit.
  const wraps = Array.from({ length: columns }, (_, i) => rows.slice(1).some((r) => /\s/.test(String(r[i] ?? ''))));
  for (const onlyWrapping of [true, false]) {
    while (excess > 0) {
      // One character at a time from the widest column still above its floor.
      let widest = -1;
      for (let i = 0; i < columns; i++) {
        if (onlyWrapping && !wraps[i]) continue;
        if (widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
      }
      if (widest < 0) break;
      widths[widest]!--;
      excess--;
    }
  }
  return widths;
}

/**
 * `rows` with each cell wrapped to its column (`widths` as fitColumnWidths gives them): at spaces,
 * and a value longer than its column (a file path, a URL) broken over lines rather than cut, since
 * cli-table3 would cut it with an ellipsis.
 */
export function wrapCells(rows: string[][], widths: number[]): string[][] {
  return rows.map((row) => row.map((cell, i) => wrap(String(cell), Math.max(1, (widths[i] ?? MIN_COLUMN) - 2), { breakWords: true }).join('\n')));
}

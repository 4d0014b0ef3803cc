/**
 * Every table xborder prints, fitted to the terminal one way: a cell wraps only between words, so a
 * check id, a JSON path, a URL or a number is never cut or broken. When the columns cannot each hold
 * their longest word (and the prose columns a readable line), the table becomes blocks, one per row:
 * the row's short values on its first line, each longer value as wrapped prose under it, tokens
 * whole. Pure: rows in, text out.
 */
import Table from 'cli-table3';
import { displayLength, fitLines, longestWord, wrap } from './width.js';

/** One column of a grid. */
export interface GridColumn {
  /** The column's title in the table's head (a grid of label-value pairs has none). */
  title?: string;
  /** Its cells are one value each (a time, "51 ms"): never wrapped, never cut. */
  whole?: boolean;
  /**
   * Prose: the column needs this many characters (padding aside) to read as more than a word a
   * line; the table gives way to blocks rather than squeeze it further.
   */
  readable?: number;
  /**
   * In the block layout: `head` on the block's first line (the default), `line` a line of its own
   * under it, `labelled` a line of its own starting with the title (`expected: 3`).
   */
  block?: 'head' | 'line' | 'labelled';
}

/** How a grid is drawn. */
export interface GridOptions {
  /** Columns every line must fit in. */
  width: number;
  /** Colour the head and borders (cyan, gray). */
  color?: boolean;
  /** A rule between rows (a list of few long rows); without, wrapped rows run on (a long report). */
  rules?: boolean;
}

/** Stands for a space that must not wrap while a block's first line is fitted (never in shown text: controls are escaped). */
const KEEP = '\u0000';

/** Padding cli-table3 puts around a cell's text. */
const PADDING = 2;

/**
 * Which layout fits, and the table's column widths (padding included) when it is a table. In a
 * table without rules between rows (`rules` false) the first column, which names each row, never
 * wraps: a row's name over two lines would read as two rows.
 */
export function gridLayout(columns: GridColumn[], rows: string[][], width: number, rules = false): { kind: 'table'; widths: number[] } | { kind: 'blocks' } {
  const head = columns.some((c) => c.title !== undefined);
  const all = head ? [columns.map((c) => c.title ?? ''), ...rows] : rows;
  const natural = columns.map((_, i) => PADDING + Math.max(1, ...all.map((r) => lines(r[i]).reduce((m, l) => Math.max(m, displayLength(l)), 0))));
  const least = columns.map((c, i) => {
    if (c.whole || (i === 0 && !rules)) return natural[i]!;
    const word = PADDING + Math.max(1, ...all.map((r) => longestWord(r[i] ?? '')));
    return Math.max(word, Math.min(natural[i]!, PADDING + (c.readable ?? 0)));
  });
  // One border character before each column and one after the last.
  const room = width - (columns.length + 1);
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  if (sum(least) > room) return { kind: 'blocks' };
  const widths = [...natural];
  let excess = sum(widths) - room;
  // The widest column gives up room first, one character at a time, down to what it needs.
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < columns.length; i++) {
      if (widths[i]! > least[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  return { kind: 'table', widths };
}

/** The grid as a bordered table when it fits `options.width` with every word whole, else as blocks. */
export function renderGrid(columns: GridColumn[], rows: string[][], options: GridOptions): string {
  const layout = gridLayout(columns, rows, options.width, options.rules);
  return layout.kind === 'table' ? drawTable(columns, rows, layout.widths, options) : drawBlocks(columns, rows, options.width);
}

function lines(cell: string | undefined): string[] {
  return (cell ?? '').split('\n');
}

function drawTable(columns: GridColumn[], rows: string[][], widths: number[], options: GridOptions): string {
  const color = options.color === true;
  const head = columns.some((c) => c.title !== undefined);
  const table = new Table({
    ...(head ? { head: columns.map((c, i) => wrap(c.title ?? '', widths[i]! - PADDING).join('\n')) } : {}),
    style: { head: color ? ['cyan'] : [], border: color ? ['gray'] : [] },
    ...(options.rules ? {} : { chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' } }),
    colWidths: widths,
    // Cells arrive wrapped at word boundaries, each line within its column: nothing for cli-table3 to cut.
    wordWrap: false,
  });
  for (const row of rows) {
    const cells = columns.map((c, i) => (c.whole || (i === 0 && !options.rules) ? lines(row[i]) : wrap(row[i] ?? '', widths[i]! - PADDING)));
    if (options.rules) {
      table.push(cells.map((c) => c.join('\n')));
      continue;
    }
    // Without rules, each line of a row is a table row of its own (it looks the same): cli-table3
    // measures a multi-line cell's whole text again for every line it draws, which took minutes for
    // a 9 KB detail.
    const height = Math.max(...cells.map((c) => c.length));
    for (let line = 0; line < height; line++) table.push(cells.map((c) => c[line] ?? ''));
  }
  return table.toString();
}

/**
 * One block per row: the `head` columns on the first line, then each `line` and `labelled` column's
 * value indented, as prose. The first lines are aligned like a table without borders when the usual
 * values fit side by side (a row with a longer value runs on; the last value wraps).
 */
function drawBlocks(columns: GridColumn[], rows: string[][], width: number): string {
  const heads = columns.map((c, i) => ((c.block ?? 'head') === 'head' ? i : -1)).filter((i) => i >= 0);
  const aligned = alignedWidths(heads.map((i) => rows.map((r) => displayLength(r[i] ?? ''))), width);
  const labels = columns.filter((c) => c.block === 'labelled').map((c) => `${c.title ?? ''}:`);
  const labelWidth = Math.max(0, ...labels.map((l) => l.length));
  const out: string[] = [];
  for (const row of rows) {
    // A value never wrapped (a time) is held together while its line wraps.
    const parts = heads.map((i) => (columns[i]!.whole ? (row[i] ?? '').replaceAll(' ', KEEP) : row[i] ?? ''));
    const first = aligned ? alignedLine(parts, aligned, width) : parts.some((p) => p !== '') ? fitLines(parts.filter((p) => p !== '').join('  '), width) : undefined;
    if (first !== undefined) out.push(first.replaceAll(KEEP, ' '));
    columns.forEach((c, i) => {
      const value = row[i] ?? '';
      if ((c.block ?? 'head') === 'head' || value === '') return;
      const label = c.block === 'labelled' ? `${`${c.title ?? ''}:`.padEnd(labelWidth)} ` : '';
      out.push(...lines(value).map((l, n) => fitLines(`  ${n === 0 ? label : ' '.repeat(label.length)}${l}`, width)));
    });
  }
  return out.join('\n');
}

/**
 * An aligned first line: each value padded to its column, the last one wrapped under itself when
 * the row's values leave it room, else under the line's start.
 */
function alignedLine(parts: string[], widths: number[], width: number): string {
  let line = '';
  parts.slice(0, -1).forEach((text, k) => {
    line += `${text}${' '.repeat(Math.max(0, widths[k]! - displayLength(text)))}  `;
  });
  const last = parts[parts.length - 1]!;
  const at = displayLength(line);
  if (at + displayLength(last) <= width) return `${line}${last}`.trimEnd();
  // No room beside the row's values for the last one's words: it wraps under the line's start.
  if (width - at < LAST_ROOM || longestWord(last) > width - at) return fitLines(`${line}${last}`, width).split('\n').map((l) => l.trimEnd()).join('\n');
  const [first = '', ...rest] = wrap(last, width - at);
  return [`${line}${first}`, ...rest.map((r) => `${' '.repeat(Math.max(0, Math.min(at, width - displayLength(r))))}${r}`)].join('\n');
}

/** Narrowest room the last value of an aligned first line keeps before it wraps. */
const LAST_ROOM = 12;

/**
 * The widths that align the first lines' values (the last one is not padded): each column as wide
 * as its longest value, or, when those do not fit side by side, as nine values in ten of it (a
 * longer value then runs on in its row); undefined when even those do not fit.
 */
function alignedWidths(lengths: number[][], width: number): number[] | undefined {
  if (lengths.length < 2) return undefined;
  const fits = (widths: number[]) => widths.slice(0, -1).reduce((a, b) => a + b + 2, 0) + Math.min(widths[widths.length - 1]!, LAST_ROOM) <= width;
  const longest = lengths.map((column) => Math.max(0, ...column));
  if (fits(longest)) return longest;
  const usual = lengths.map((column) => {
    const sorted = [...column].sort((a, b) => a - b);
    return sorted[Math.floor(0.9 * (sorted.length - 1))] ?? 0;
  });
  return fits(usual) ? usual : undefined;
}

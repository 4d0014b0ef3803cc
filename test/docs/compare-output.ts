/**
 * Compares what a console example shows with what the command printed, cram-style: volatile parts
 * (times, durations, ports, run folder names, platform order ids) are replaced by placeholders on
 * both sides, a line `...` stands for any number of lines, and the comparison ignores how text and
 * table cells were wrapped (a port one digit longer moves every wrap after it), but not one visible
 * character of what is shown, nor its order.
 */

/** Replacements applied to both sides before comparing. */
const VOLATILE: Array<[RegExp, string]> = [
  // Run folder names and ISO timestamps (2026-11-25T07-34-51Z, 2026-11-24T00:25:49.190Z, -2 suffix).
  [/\d{4}-\d\d-\d\dT\d\d[-:]\d\d[-:]\d\d(?:\.\d+)?Z(?:-\d+)?/g, '<TIME>'],
  [/\b(127\.0\.0\.1|localhost):\d+/g, '$1:<PORT>'],
  // Rates before durations: "(136/s)", "1,125 documents/s".
  [/\(\d[\d,.]*\/s\)/g, '(<RATE>/s)'],
  [/\b\d[\d,.]* documents\/s\b/g, '<RATE> documents/s'],
  [/\b\d+(?:\.\d+)? ?(?:ms|s)\b/g, '<DUR>'],
  [/"(durationMs|ElapsedMs)": ?\d+/g, '"$1": <DUR>'],
  [/\b[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT\b/g, '<HTTPDATE>'],
  // Platform order ids are fresh on every run (GE612498011DE).
  [/\bGE\d{6,}[A-Z]{2}\b/g, '<ORDERID>'],
  // The reference merchant numbers its orders (100001, XB-000001) in the order they arrive, which
  // concurrent cases change from run to run.
  [/\b100\d{3}\b/g, '<MERCHANTORDER>'],
  [/\bXB-\d{6}\b/g, 'XB-<N>'],
];

/** The text with its volatile parts replaced. */
export function maskVolatile(text: string): string {
  let out = text;
  for (const [pattern, replacement] of VOLATILE) out = out.replace(pattern, replacement);
  return out;
}

/**
 * A plain progress line (`xborder: 20 of 300 steps done, ...`): printed every 10 s of a long run,
 * so how many a run prints depends on the machine's load, never on the tool's behaviour.
 */
const PROGRESS = /^xborder: (\d+ of \d+ steps done|validated \d)/;

const TABLE_LINE = /^\s*[│┌├└]/;
const BORDER_LINE = /^\s*[┌├└]/;

/** Cells of a table line `│ a │ b │`, trimmed. */
function cells(line: string): string[] {
  const parts = line.trim().split('│');
  return parts.slice(1, parts.length - 1).map((c) => c.trim());
}

/**
 * One table (consecutive box-drawing lines) as logical rows: with `├` rules between rows, a row is
 * everything between two rules; without, a line whose first cell is empty continues the row above.
 */
function tableRows(lines: string[]): string[][] {
  const ruled = lines.some((l) => l.trim().startsWith('├'));
  const rows: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (BORDER_LINE.test(line)) {
      if (ruled) current = undefined;
      continue;
    }
    const c = cells(line);
    const continues = current !== undefined && current.length === c.length && (ruled || c[0] === '');
    if (continues) c.forEach((text, i) => (current![i] += text));
    else rows.push((current = c));
  }
  return rows;
}

/** The canonical form of some output lines: tables as rows of joined cells, whitespace dropped. */
export function canonical(lines: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (TABLE_LINE.test(lines[i]!)) {
      const start = i;
      while (i < lines.length && TABLE_LINE.test(lines[i]!)) i++;
      for (const row of tableRows(lines.slice(start, i))) out.push(`|${row.join('|')}|`);
    } else {
      out.push(lines[i]!);
      i++;
    }
  }
  return out.join('').replace(/\s+/g, '');
}

/** Where the shown output and the real one part, or undefined when they agree. */
export function compareOutput(expected: string[], actual: string): string | undefined {
  const segments: string[][] = [[]];
  for (const line of maskVolatile(expected.join('\n')).split('\n')) {
    if (line.trim() === '...') segments.push([]);
    else segments[segments.length - 1]!.push(line);
  }
  const real = canonical(maskVolatile(actual).split('\n').filter((line) => !PROGRESS.test(line)));
  let position = 0;
  for (let i = 0; i < segments.length; i++) {
    const wanted = canonical(segments[i]!);
    const first = i === 0;
    const last = i === segments.length - 1;
    if (first && last) {
      if (real !== wanted) return mismatch(wanted, real, 0);
      continue;
    }
    if (first) {
      if (!real.startsWith(wanted)) return mismatch(wanted, real, 0);
      position = wanted.length;
    } else if (last) {
      if (!real.endsWith(wanted) || real.length - wanted.length < position) return `the output does not end with:\n${wanted}`;
    } else {
      const at = real.indexOf(wanted, position);
      if (at < 0) return `after character ${position}, the output does not contain:\n${wanted}`;
      position = at + wanted.length;
    }
  }
  return undefined;
}

/** A short account of the first difference between two canonical texts. */
function mismatch(wanted: string, real: string, offset: number): string {
  let i = 0;
  while (i < wanted.length && i < real.length && wanted[i] === real[i]) i++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 60), i + 60));
  return `differs at character ${offset + i} (whitespace and wrapping ignored):\n  shown:   ${around(wanted)}\n  printed: ${around(real)}`;
}

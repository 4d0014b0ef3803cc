/**
 * Fitting text to the terminal: every line a table-mode report prints stays within the width. Long
 * names are cut with "…" so each row stays one line; free text wraps at spaces, and a word longer
 * than the line (a URL, a token) is broken, never lost.
 */

/** The width reports use when the terminal does not say (CI logs, pipes). */
export const DEFAULT_WIDTH = 120;
/** Narrower than this, lines are not fitted: a table needs room for its rule columns. */
export const MIN_WIDTH = 40;

/**
 * The width to fit: the terminal's columns on a TTY, else `COLUMNS` when set, else 120.
 * `stdout` and `env` are passed in so tests never touch the process.
 */
export function terminalWidth(stdout: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined>): number {
  const fromEnv = Number(env.COLUMNS);
  const columns = stdout.isTTY && stdout.columns ? stdout.columns : Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_WIDTH;
  return Math.max(MIN_WIDTH, columns);
}

/** Characters as a terminal counts them (code points; wide characters are rare in reports). */
export function displayLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `text` cut to `width` characters, the last one an ellipsis when anything was cut. */
export function cut(text: string, width: number): string {
  if (displayLength(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  return `${[...text].slice(0, width - 1).join('')}…`;
}

/** `text` wrapped to lines of at most `width` characters: at spaces, breaking words that do not fit. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      // A word that cannot fit on any line is broken into line-sized pieces, walking its characters
      // once (a word of megabytes, a minified body, would otherwise be copied for every piece).
      if (displayLength(rest) > width) {
        if (line) {
          lines.push(line);
          line = '';
        }
        const chars = [...rest];
        let from = 0;
        while (chars.length - from > width) {
          // Never break right before `::`: GitHub Actions would read the next line as a workflow command.
          let at = from + width;
          while (at > from + 1 && chars[at] === ':' && chars[at + 1] === ':') at--;
          lines.push(chars.slice(from, at).join(''));
          from = at;
        }
        rest = chars.slice(from).join('');
      }
      if (!line) line = rest;
      else if (displayLength(line) + 1 + displayLength(rest) <= width) line = `${line} ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Every line of `text` within `width`: a longer line wraps, its continuation lines indented like
 * the line itself plus two spaces, so a wrapped finding still reads as one.
 */
export function fitLines(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => {
      if (displayLength(line) <= width) return [line];
      const indent = /^ */.exec(line)![0].length;
      const pad = ' '.repeat(Math.min(indent + 2, Math.floor(width / 2)));
      const [first, ...rest] = wrap(line.slice(indent), width - pad.length);
      return [`${' '.repeat(indent)}${first}`, ...rest.map((r) => pad + r)];
    })
    .join('\n');
}

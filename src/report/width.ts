/**
 * Fitting text to the terminal: every line a table-mode report prints stays within the width. Text
 * wraps at spaces and a word is never broken: a check id, a JSON path, a URL, an e-mail address, a
 * file path or a number is something a reader copies or types, so it moves whole to the next line,
 * and one longer than the whole line stands whole on a line of its own (a terminal soft-wraps it and
 * copies it as one). Only text that is nobody's token (a response body, a minified page) breaks
 * words, and any text breaks a "word" of over MAX_TOKEN characters.
 */

/** The width reports use when the terminal does not say (CI logs, pipes). */
export const DEFAULT_WIDTH = 120;
/** The width prose (warnings, help) is wrapped to when the terminal does not say: a pager's, a mail's. */
export const DEFAULT_PROSE_WIDTH = 80;
/** Narrower than this, lines are not fitted: a table needs room for its rule columns. */
export const MIN_WIDTH = 40;
/**
 * Longer than this, a run of characters without a space is no token anyone copies (a minified body,
 * a base64 blob, a value cut for display) and is broken to the line like a body's, so no line grows
 * without bound. URLs, paths and ids of the interface are far shorter.
 */
export const MAX_TOKEN = 256;

/**
 * The width to fit: the terminal's columns on a TTY, else `COLUMNS` when set, else `fallback`
 * (120: the width of reports in CI logs and pipes, as the contract says). `stdout` and `env` are
 * passed in so tests never touch the process.
 */
export function terminalWidth(stdout: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined>, fallback = DEFAULT_WIDTH): number {
  const fromEnv = Number(env.COLUMNS);
  const columns = stdout.isTTY && stdout.columns ? stdout.columns : Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
  return Math.max(MIN_WIDTH, columns);
}

/** The width prose is wrapped to on `stream`: the terminal's, else `COLUMNS`, else 80. */
export function proseWidth(stream: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined>): number {
  return terminalWidth(stream, env, DEFAULT_PROSE_WIDTH);
}

/** SGR colour codes (chalk's): they take no room on the screen. */
// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;

/** Characters as a terminal counts them (code points, colour codes aside; wide characters are rare in reports). */
export function displayLength(text: string): number {
  let n = 0;
  for (const _ of text.includes('\x1b') ? text.replace(SGR, '') : text) n++;
  return n;
}

/** `text` without colour codes. */
export function stripColor(text: string): string {
  return text.replace(SGR, '');
}

/** The longest word of `text` (split at spaces and line breaks), as displayLength counts it. */
export function longestWord(text: string): number {
  let longest = 0;
  for (const word of text.split(/[ \n]/)) longest = Math.max(longest, displayLength(word));
  return longest;
}

/** How wrap() treats a word longer than the line. */
export interface WrapOptions {
  /**
   * Break words longer than the line into line-sized pieces: for text that holds no token a reader
   * copies (a response body). Otherwise such a word stands whole on a line of its own.
   */
  breakWords?: boolean;
}

/**
 * `text` wrapped to lines of at most `width` characters, at spaces. A word that does not fit on the
 * line moves whole to the next; one longer than `width` stands whole on a line of its own (broken
 * only with `breakWords`, or when it is longer than MAX_TOKEN).
 */
export function wrap(text: string, width: number, options: WrapOptions = {}): string[] {
  const lines: string[] = [];
  const breakAbove = options.breakWords ? width : Math.max(width, MAX_TOKEN);
  for (const paragraph of text.split('\n')) {
    let line = '';
    // A paragraph that ends with a token on a line of its own has no line left to add.
    let open = true;
    for (const word of paragraph.split(' ')) {
      let rest = word;
      const length = displayLength(rest);
      if (length > width && length <= breakAbove) {
        // A token longer than the line: whole, on a line of its own.
        if (line) lines.push(line);
        lines.push(rest);
        line = '';
        open = false;
        continue;
      }
      open = true;
      // A word that cannot fit on any line is broken into line-sized pieces, walking its characters
      // once (a word of megabytes, a minified body, would otherwise be copied for every piece).
      if (length > width) {
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
    if (open || line) lines.push(line);
  }
  return lines;
}

/**
 * Every line of `text` within `width`: a longer line wraps at spaces, its continuation lines
 * indented like the line itself plus two spaces, so a wrapped finding still reads as one. Words are
 * kept whole as wrap() keeps them (`breakWords` for a body).
 */
export function fitLines(text: string, width: number, options: WrapOptions = {}): string {
  return text
    .split('\n')
    .flatMap((line) => {
      if (displayLength(line) <= width) return [line];
      const indent = /^ */.exec(line)![0].length;
      const pad = ' '.repeat(Math.min(indent + 2, Math.floor(width / 2)));
      // Spaces that ended up at a break (a padded label) are dropped.
      const [first = '', ...rest] = wrap(line.slice(indent), width - pad.length, options).map((l) => l.trimEnd());
      // A token too long for the indented line but not for the screen gives up some of its indent.
      const indented = (r: string) => ' '.repeat(Math.max(0, Math.min(pad.length, width - displayLength(r)))) + r;
      return [`${' '.repeat(indent)}${first}`, ...rest.map(indented)];
    })
    .join('\n');
}

/**
 * A shell command as lines within `width`, broken only between its arguments (never inside quotes)
 * with each line but the last ending in ` \`: pasted into a shell, it still runs as one command.
 * `lead` starts the first line (`Try: `), `pad` the others; an argument longer than a line stays
 * whole on a line of its own.
 */
export function commandLines(command: string, width: number, lead = '', pad = '  '): string[] {
  const args = shellWords(command);
  const lines: string[] = [];
  let line = lead;
  args.forEach((arg, i) => {
    const start = line === lead || line === pad;
    // Room for the argument and, unless it is the last, the ` \` that continues the line.
    const continues = i < args.length - 1 ? 2 : 0;
    if (start || displayLength(line) + 1 + displayLength(arg) + continues <= width) line = start ? `${line}${arg}` : `${line} ${arg}`;
    else {
      lines.push(`${line} \\`);
      line = `${pad}${arg}`;
    }
  });
  lines.push(line);
  return lines;
}

/** `command` split at the spaces a shell splits at (outside quotes and escapes), each word as written. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === ' ' && !quote) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    word += c;
    if (c === '\\' && quote !== "'") word += command[++i] ?? '';
    else if (quote ? c === quote : c === "'" || c === '"') quote = quote ? undefined : c;
  }
  if (word) words.push(word);
  return words;
}

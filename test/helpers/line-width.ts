/**
 * What "every line fits the terminal" means for xborder's text: no line is wider than the width,
 * except a `reproduce:` command (printed whole on a line of its own, however long, so it runs when
 * pasted) and a line that is one token longer than the whole width (a URL, a path: never broken,
 * so a terminal soft-wraps it and copies it as one).
 */

/** Characters as a terminal counts them. */
export function lineLength(line: string): number {
  return [...line].length;
}

/** The lines of `text` wider than `width` that no exception allows. */
export function linesTooWide(text: string, width: number): string[] {
  const lines = text.split('\n');
  return lines.filter((line, i) => {
    if (lineLength(line) <= width) return false;
    if (/^\s*reproduce: /.test(line) || /^\s*reproduce:$/.test(lines[i - 1] ?? '')) return false;
    return /\s/.test(line.trim());
  });
}

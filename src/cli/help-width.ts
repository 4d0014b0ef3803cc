/**
 * Help fitted to the terminal. commander wraps the descriptions of commands and flags to the width
 * it is given; the texts added after them (what a command reads, its exit codes, its examples) are
 * written with line breaks for a wide screen, so they are fitted here: a paragraph with a line too
 * long is wrapped again as one, and an example command too long is broken between its arguments
 * with a `\` that keeps it one command when pasted. Tokens (flags, paths, URLs) stay whole.
 */
import { commandLines, displayLength, fitLines, wrap } from '../report/width.js';

/** `text` (help as commander writes it) with every line fitted to `width` as described above. */
export function fitHelp(text: string, width: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let examples = false;
  const flush = (): void => {
    if (paragraph.length === 0) return;
    out.push(...(paragraph.some((l) => displayLength(l) > width) ? wrap(paragraph.join(' '), width) : paragraph));
    paragraph = [];
  };
  for (const line of lines) {
    const indented = /^\s/.test(line);
    if (line.trim() === '' || indented) {
      flush();
      if (line.trim() === '' || displayLength(line) <= width) out.push(line);
      else if (examples) out.push(...commandLines(line.trim(), width, line.slice(0, line.length - line.trimStart().length), `${line.slice(0, line.length - line.trimStart().length)}  `));
      else out.push(fitLines(line, width));
      continue;
    }
    // A line after a finished sentence (or a heading) starts a paragraph of its own.
    if (paragraph.length > 0 && /[.:?!]$/.test(paragraph[paragraph.length - 1]!)) flush();
    paragraph.push(line);
    examples = /^Examples?:$/.test(line.trim());
  }
  flush();
  return out.join('\n');
}

/**
 * An NDJSON line that cannot be read as a document (bad JSON, a line cut short, bytes that are not
 * UTF-8 where JSON allows none) is a failed document of its own, with the check `json`: one bad line
 * of a day's capture must not hide the thousands after it. What the finding says (the column and the
 * reason) is local to the line; the line itself is the document's place (`file:line`), so any thread
 * makes the same finding, and a range's line is numbered on the main thread like any other document.
 */
import { jsonErrorOf } from '../io/json-position.js';
import type { CheckResult } from '../model.js';
import { escapeControls } from '../report/terminal-text.js';

/** Why one NDJSON line is no JSON document. A class: JSON.parse never makes one, so it tells itself apart from a parsed value. */
export class MalformedLine {
  constructor(
    /** 1-based column (UTF-16 code units of the decoded line) where the JSON stops being valid. */
    readonly column: number,
    /** What was wrong there, in the words of the input errors. */
    readonly reason: string,
    /** The line ended before its value was complete: typically a line cut short (a truncated last line). */
    readonly atEnd: boolean,
  ) {}

  /** Where and why `text`, the decoded line that JSON.parse refused with `error`, is no JSON. */
  static of(text: string, error: Error): MalformedLine {
    const at = jsonErrorOf(text, error);
    return new MalformedLine(at.column, at.reason, at.atEnd);
  }
}

/** The failed `json` check of a line that is no JSON document. */
export function jsonCheck(problem: MalformedLine): CheckResult {
  // The reason quotes the character found there: the line's own text, escaped before any report shows it.
  const cut = problem.atEnd ? ' (a truncated line)' : '';
  return {
    id: 'json',
    title: 'JSON document',
    status: 'failed',
    findings: [
      {
        message: `malformed JSON at column ${problem.column}: ${escapeControls(problem.reason)}${cut}`,
        expected: 'one JSON document per line',
        severity: 'error',
      },
    ],
  };
}

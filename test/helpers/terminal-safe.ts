/**
 * What "text from outside does nothing to a terminal or a CI log" means in a test: no raw control
 * character (C0 but LF, DEL, C1, the line and paragraph separators, bidi overrides) on stdout or
 * stderr, and every line GitHub Actions would read as a workflow command (`::` after leading white
 * space) is one of xborder's own `::error title=xborder <check>::` annotations.
 */
import { expect } from 'vitest';
import type { CliResult } from './run-cli.js';

/** Any raw control character a terminal or a log reader acts on (LF, which ends a line, aside). */
// eslint-disable-next-line no-control-regex
export const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** xborder's own annotation: the only workflow command a line may start. */
export const OURS = /^::error title=xborder [a-z0-9-]+::/;

/** Fails on a raw control character in `text`, or on a line of it that starts a workflow command not ours. */
export function expectSafeText(text: string, label: string): void {
  expect(text, `${label}: a raw control character`).not.toMatch(RAW_CONTROL);
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('::') || line.includes('##[')) expect(line, `${label}: a line starts a workflow command`).toMatch(OURS);
  }
}

/** expectSafeText on a CLI run's stdout and stderr. */
export function expectSafe(result: CliResult, label = ''): void {
  expectSafeText(result.stdout, `${label} stdout`);
  expectSafeText(result.stderr, `${label} stderr`);
}

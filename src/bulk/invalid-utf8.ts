/**
 * Invalid UTF-8 in a validated document: where the first bad byte is, and the `utf8` check that names
 * it. The text is still decoded (the bad bytes read as U+FFFD) and judged, but what the platform reads
 * there is not what was sent, so the document fails. An NDJSON document is placed by its line and the
 * byte within that line (the same on every thread, whatever --jobs); a single document by the byte
 * within the file, with its line for the editor.
 */
import type { CheckResult } from '../model.js';

/** The first byte of a document's input that is not UTF-8. */
export interface InvalidUtf8 {
  /** 1-based line of the input holding the byte. */
  line: number;
  /** Offset of the byte from the start of its line (raw bytes: a byte order mark counts). */
  lineOffset: number;
  /** Offset of the byte from the start of the input, when the reader knows where its line starts. */
  fileOffset?: number;
  /** The byte's value. */
  value: number;
  /** JSON pointer of the value (or member name) the byte is in, when it was found. */
  path?: string;
}

/** The problem at `offset` of the line `bytes[start, end)`, line `line`, which starts at `lineStart` of its input when known. */
export function invalidInLine(bytes: Uint8Array, start: number, offset: number, line: number, lineStart?: number): InvalidUtf8 {
  return { line, lineOffset: offset, ...(lineStart === undefined ? {} : { fileOffset: lineStart + offset }), value: bytes[start + offset]! };
}

/** The problem at `offset` of a whole input `bytes`: its line found by counting the newlines before it. */
export function invalidInInput(bytes: Uint8Array, offset: number): InvalidUtf8 {
  let line = 1;
  let lineStart = 0;
  for (let nl = bytes.indexOf(0x0a); nl >= 0 && nl < offset; nl = bytes.indexOf(0x0a, nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, lineOffset: offset - lineStart, fileOffset: offset, value: bytes[offset]! };
}

const hex = (byte: number): string => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * The failed `utf8` check for a document. `ndjson`: the document is one line of several (it has a line
 * number in the report), so the byte is counted within that line; otherwise within the input.
 */
export function utf8Check(problem: InvalidUtf8, ndjson: boolean): CheckResult {
  // Offsets count from 0, as hex editors and `xxd` show them.
  const inLine = `byte offset ${problem.lineOffset} of line ${problem.line}`;
  const where = ndjson || problem.fileOffset === undefined ? inLine : `byte offset ${problem.fileOffset} of the input (${inLine})`;
  return {
    id: 'utf8',
    title: 'UTF-8 text',
    status: 'failed',
    findings: [
      {
        message: `not valid UTF-8: ${where} is ${hex(problem.value)}, which starts no valid sequence; read as U+FFFD, the text there is not what was sent`,
        expected: 'UTF-8 text',
        actual: `${hex(problem.value)} at byte offset ${ndjson || problem.fileOffset === undefined ? problem.lineOffset : problem.fileOffset}`,
        severity: 'error',
        ...(problem.path === undefined ? {} : { path: problem.path }),
      },
    ],
  };
}

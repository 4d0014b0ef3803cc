/**
 * A one-document-at-a-time driver of src/bulk's reading parts (LineSplitter, DocumentAssembler, line
 * decoding), for tests that look at the documents read rather than at a validate report; `validate`
 * drives the same parts through src/bulk/validate-inputs.ts.
 *
 * Reading JSON documents from files and stdin in constant memory, one document at a time. An input
 * is NDJSON (one document per line, any number of lines, streamed) when its first non-blank line is a
 * complete JSON value by itself; otherwise it is one (pretty-printed) JSON document. An NDJSON line
 * that is no JSON is read as a document with `malformed` set; a malformed single document is an
 * InputError (exit 2) naming the source, line and column. The byte-level splitting, decoding
 * and assembling live in src/bulk (shared with `validate`'s bulk path and its worker threads).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InputError } from '../../src/errors.js';
import { DocumentAssembler } from '../../src/bulk/assembler.js';
import type { JudgedInput } from '../../src/bulk/judge.js';
import { LineSplitter } from '../../src/bulk/line-splitter.js';
import { STDIN, unreadableError } from '../../src/bulk/read-small.js';

/** One document read from an input. */
export type InputDocument = JudgedInput;

export { STDIN };

/** Checks that a file can be read before any output is written (exit 2 otherwise). */
export async function assertReadable(file: string): Promise<void> {
  if (file === '-') return;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new InputError(`Cannot read ${file}: it is a directory.`, file);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw unreadableError(file, error);
  }
}

/** Receives each document as it is read; a returned promise is awaited before the next line. */
export type DocumentSink = (input: InputDocument) => void | Promise<void>;

/**
 * Calls `sink` with every document of `file` (`-` for stdin), in order. NDJSON inputs are streamed
 * line by line (blank lines skipped); a single document is read whole. The first document of an input
 * is held back until the next line shows whether more follow, so a one-document file reports no line
 * numbers. The documents before an input error are handed over before it is thrown.
 */
export async function readDocuments(file: string, sink: DocumentSink, stdin: Readable = process.stdin): Promise<void> {
  const source = file === '-' ? STDIN : file;
  const stream = file === '-' ? stdin : createReadStream(file, { highWaterMark: 256 * 1024 });
  const ready: InputDocument[] = [];
  const assembler = new DocumentAssembler(source, (input) => void ready.push(input));
  const splitter = new LineSplitter(source, () => assembler.mode === 'ndjson');
  let failure: unknown;
  const onLine = (bytes: Buffer, start: number, end: number): void => {
    if (failure !== undefined) return;
    try {
      assembler.line(splitter.lines, bytes, start, end);
    } catch (error) {
      failure = error;
    }
  };
  // Errors thrown by the sink are not input problems: they pass on untouched.
  const hand = async (): Promise<void> => {
    for (const input of ready.splice(0)) {
      const pending = sink(input);
      if (pending) await pending;
    }
  };
  const chunks = (stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Buffer | string>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw unreadableError(source, error);
      }
      if (next.done) break;
      try {
        if (!splitter.push(typeof next.value === 'string' ? Buffer.from(next.value) : next.value, onLine)) {
          assembler.releaseHeld();
          failure ??= splitter.overflow();
        }
      } catch (error) {
        failure ??= error;
      }
      await hand();
      if (failure !== undefined) throw failure;
    }
    splitter.end(onLine);
    if (failure === undefined) assembler.finish();
    await hand();
    if (failure !== undefined) throw failure;
  } finally {
    if (stream !== stdin) stream.destroy();
  }
}

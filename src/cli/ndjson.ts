/**
 * Reading JSON documents from files and stdin in constant memory. An input is NDJSON (one document
 * per line, any number of lines, streamed) when its first non-blank line is a complete JSON value by
 * itself; otherwise it is one (pretty-printed) JSON document. Malformed JSON is an InputError (exit 2)
 * naming the source, line and column.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { InputError } from '../errors.js';
import { jsonErrorOf } from '../io/json-position.js';

/** One document read from an input. */
export interface InputDocument {
  /** The file name as given, or `<stdin>`. */
  source: string;
  /** 1-based line of an NDJSON document; undefined for a single-document input. */
  line?: number;
  doc: unknown;
}

/** The name stdin is reported under. */
export const STDIN = '<stdin>';

/** Checks that a file can be read before any output is written (exit 2 otherwise). */
export async function assertReadable(file: string): Promise<void> {
  if (file === '-') return;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new InputError(`Cannot read ${file}: it is a directory.`, file);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${file}: ${why}.`, file);
  }
}

/** The stream of a file, or of stdin for `-`. */
function openInput(file: string, stdin: Readable): { source: string; stream: Readable } {
  if (file === '-') return { source: STDIN, stream: stdin };
  return { source: file, stream: createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }) };
}

function malformed(source: string, text: string, error: Error, lineBase: number, ndjson: boolean): InputError {
  const at = jsonErrorOf(text, error);
  const line = at.line + lineBase;
  const where = ndjson ? ` (NDJSON line ${line})` : '';
  return new InputError(`${source}:${line}:${at.column}: malformed JSON${where}: ${at.reason}.`, source, line, at.column);
}

/** Receives each document as it is read; a returned promise is awaited before the next line. */
export type DocumentSink = (input: InputDocument) => void | Promise<void>;

/**
 * Calls `sink` with every document of `file` (`-` for stdin), in order. NDJSON inputs are streamed
 * line by line (blank lines skipped); a single document is read whole. The first document of an input
 * is held back until the next line shows whether more follow, so a one-document file reports no line
 * numbers. A callback rather than an async generator: one promise layer less per line.
 */
export async function readDocuments(file: string, sink: DocumentSink, stdin: Readable = process.stdin): Promise<void> {
  const { source, stream } = openInput(file, stdin);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  let mode: 'unknown' | 'ndjson' | 'whole' = 'unknown';
  let held: InputDocument | undefined;
  const whole: string[] = [];
  let sinkFailed = false;
  // Stays synchronous when the sink is (the common case): no promise per line.
  const deliver = (input: InputDocument): Promise<void> | undefined => {
    const failed = (error: unknown): never => {
      sinkFailed = true;
      throw error;
    };
    try {
      const pending = sink(input);
      return pending ? pending.catch(failed) : undefined;
    } catch (error) {
      return failed(error);
    }
  };
  try {
    for await (const raw of lines) {
      lineNo++;
      const text = lineNo === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      if (mode === 'whole') {
        whole.push(text);
        continue;
      }
      if (text.trim() === '') {
        if (mode === 'unknown') whole.push(text);
        continue;
      }
      if (mode === 'unknown') {
        try {
          held = { source, line: lineNo, doc: JSON.parse(text) };
          mode = 'ndjson';
        } catch {
          mode = 'whole';
          whole.push(text);
        }
        continue;
      }
      let doc: unknown;
      let bad: Error | undefined;
      try {
        doc = JSON.parse(text);
      } catch (error) {
        bad = error as Error;
      }
      // A second line settles NDJSON, well-formed or not: the first document is judged before any error.
      if (held) {
        const pending = deliver(held);
        held = undefined;
        if (pending) await pending;
      }
      if (bad) throw malformed(source, text, bad, lineNo - 1, true);
      const pending = deliver({ source, line: lineNo, doc });
      if (pending) await pending;
    }
  } catch (error) {
    // Errors thrown by the sink are not input problems: pass them on untouched.
    if (error instanceof InputError || sinkFailed) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`Cannot read ${source}: ${code === 'EISDIR' ? 'it is a directory' : (error as Error).message}.`, source);
  } finally {
    lines.close();
    if (stream !== stdin) stream.destroy();
  }
  if (mode === 'ndjson') {
    // `held` is still set only when the input had exactly one document.
    if (held) await sink({ source, doc: held.doc });
    return;
  }
  const text = whole.join('\n');
  if (text.trim() === '') throw new InputError(`${source}: no JSON document (the input is empty).`, source);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw malformed(source, text, error as Error, 0, false);
  }
  await sink({ source, doc });
}

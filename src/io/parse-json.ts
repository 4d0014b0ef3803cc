/**
 * JSON parsing that says where it broke: `source:line:column: malformed JSON: reason.`, so every
 * "malformed JSON" message in xborder (config, payload files, stdin, bodies to send) points at the
 * same place in the same words.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { InputError } from '../errors.js';
import { assertDepth, MAX_DOCUMENT_BYTES, tooLargeError } from './input-limits.js';
import { jsonErrorOf } from './json-position.js';
import { assertUtf8Family } from './text-encoding.js';

/**
 * Parses JSON text (a leading byte order mark is ignored); on failure throws InputError naming
 * `source`, line and column. A document nested deeper than MAX_JSON_DEPTH is an InputError too;
 * `what` names the document in that message ("payload", "configuration").
 */
export function parseJsonText(text: string, source: string, lineOffset = 0, what = 'payload'): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (error) {
    const { line, column, reason } = jsonErrorOf(body, error as Error);
    throw new InputError(`${source}:${line + lineOffset}:${column}: malformed JSON: ${reason}.`, source, line + lineOffset, column);
  }
  // Everything downstream (interpolation, --set, masking, validation) may walk the document
  // recursively: a hostile nesting is refused here, naming the limit, not as a stack overflow later.
  assertDepth(doc, source, what);
  return doc;
}

/** The line number at the end of `chunks` (for the line an over-long input was cut on). */
function countLines(chunks: Buffer[]): number {
  let lines = 1;
  for (const chunk of chunks) for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  return lines;
}

/**
 * Reads a whole stream as UTF-8 text, refusing (InputError, exit 2) a UTF-16 or UTF-32 text and
 * anything longer than MAX_DOCUMENT_BYTES: reading stops there, so a 1 GiB file costs 64 MiB of
 * reading, never a string V8 cannot make.
 */
export async function readInputText(stream: Readable, source: string): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  let checked = false;
  // The encoding is told from the first 4 bytes, which a pipe may deliver over several chunks.
  const checkHead = () => {
    checked = true;
    assertUtf8Family(Buffer.concat(chunks).subarray(0, 4), source);
  };
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (total + buf.length > MAX_DOCUMENT_BYTES) {
      chunks.push(buf.subarray(0, MAX_DOCUMENT_BYTES - total));
      if (!checked) checkHead();
      throw tooLargeError(source, countLines(chunks), false);
    }
    chunks.push(buf);
    total += buf.length;
    if (!checked && total >= 4) checkHead();
  }
  if (!checked && total > 0) checkHead();
  return Buffer.concat(chunks, total).toString('utf8');
}

/** Reads a file as UTF-8 text; a missing, unreadable, wide-encoded or oversized file is an InputError (exit 2). */
export async function readTextFile(file: string): Promise<string> {
  const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
  try {
    return await readInputText(stream, file);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${file}: ${why}.`, file);
  } finally {
    stream.destroy();
  }
}

/** Reads and parses a JSON file; unreadable files and bad JSON become InputError (exit 2). `what` as in parseJsonText. */
export async function readJsonFile(file: string, what = 'payload'): Promise<unknown> {
  return parseJsonText(await readTextFile(file), file, 0, what);
}

/**
 * Reads one JSON document piped on stdin. `hint` says how to give it (used when stdin is a terminal
 * or empty), e.g. "xborder decode - < order.json".
 */
export async function readJsonStdin(hint: string, stdin: NodeJS.ReadStream = process.stdin): Promise<unknown> {
  if (stdin.isTTY) throw new InputError(`No input: stdin is a terminal. Pipe a JSON document in (${hint}).`, '<stdin>');
  const text = await readInputText(stdin, '<stdin>');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new InputError(`<stdin>: no input (stdin was empty). Pipe a JSON document in (${hint}).`, '<stdin>');
  return parseJsonText(text, '<stdin>');
}

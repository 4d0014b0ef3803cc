/**
 * JSON parsing that says where it broke: `source:line:column: malformed JSON: reason.`, so every
 * "malformed JSON" message in xborder (config, payload files, stdin, bodies to send) points at the
 * same place in the same words.
 */
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { jsonErrorOf } from './json-position.js';

/** Parses JSON text (a leading byte order mark is ignored); on failure throws InputError naming `source`, line and column. */
export function parseJsonText(text: string, source: string, lineOffset = 0): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const { line, column, reason } = jsonErrorOf(body, error as Error);
    throw new InputError(`${source}:${line + lineOffset}:${column}: malformed JSON: ${reason}.`, source, line + lineOffset, column);
  }
}

/** Reads a file as UTF-8 text; a missing or unreadable file is an InputError (exit 2). */
export async function readTextFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${file}: ${why}.`, file);
  }
}

/** Reads and parses a JSON file; unreadable files and bad JSON become InputError (exit 2). */
export async function readJsonFile(file: string): Promise<unknown> {
  return parseJsonText(await readTextFile(file), file);
}

/**
 * Reads one JSON document piped on stdin. `hint` says how to give it (used when stdin is a terminal
 * or empty), e.g. "xborder decode - < order.json".
 */
export async function readJsonStdin(hint: string, stdin: NodeJS.ReadStream = process.stdin): Promise<unknown> {
  if (stdin.isTTY) throw new InputError(`No input: stdin is a terminal. Pipe a JSON document in (${hint}).`, '<stdin>');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new InputError(`<stdin>: no input (stdin was empty). Pipe a JSON document in (${hint}).`, '<stdin>');
  return parseJsonText(text, '<stdin>');
}

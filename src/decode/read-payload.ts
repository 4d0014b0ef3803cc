/**
 * Reads a payload for `xborder decode` from a file or from text, with a malformed-JSON message that
 * names the source, line and column even where Node's JSON.parse gives no position.
 */
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { lineColumnAt } from '../io/parse-json.js';
import { jsonErrorOffset } from './json-error-offset.js';

/** Parses JSON text; on failure throws InputError `source:line:column: malformed JSON: reason.` */
export function parsePayloadText(text: string, source: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    const reported = /position (\d+)/.exec(message);
    const offset = jsonErrorOffset(body) ?? (reported ? Number(reported[1]) : body.length);
    const { line, column } = lineColumnAt(body, offset);
    const reason = message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new InputError(`${source}:${line}:${column}: malformed JSON: ${reason}.`, source, line, column);
  }
}

/** Reads and parses a payload file; unreadable files and bad JSON are InputError (exit 2). */
export async function readPayloadFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${file}: ${why}.`, file);
  }
  return parsePayloadText(text, file);
}

/**
 * JSON parsing that says where it broke: file, line and column, computed from the position that
 * V8 reports, so every "malformed JSON" message in xborder points at the same place.
 */
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';

/** Line and column (1-based) of a character offset in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Offset of a JSON.parse failure, from V8's "at position N" (or end of input). */
function errorOffset(error: Error, text: string): number {
  const match = /position (\d+)/.exec(error.message);
  if (match) return Number(match[1]);
  return text.length;
}

/** Parses JSON text; on failure throws InputError naming `source`, line and column. */
export function parseJsonText(text: string, source: string, lineOffset = 0): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const offset = errorOffset(error as Error, text);
    const { line, column } = lineColumnAt(text, offset);
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    const at = `${source}:${line + lineOffset}:${column}`;
    throw new InputError(`${at}: malformed JSON: ${reason}.`, source, line + lineOffset, column);
  }
}

/** Reads and parses a JSON file; unreadable files and bad JSON become InputError (exit 2). */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${file}: ${why}.`, file);
  }
  return parseJsonText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
}

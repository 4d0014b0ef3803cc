/**
 * A HAR file (HAR 1.2: from the proxy, a browser's devtools, Charles, mitmproxy) read back as
 * exchanges the judge understands. Only what judging needs is read; a document of the wrong shape
 * is an InputError naming the entry (exit 2).
 */
import { InputError } from '../errors.js';
import type { Exchange, HttpMethod, ReceivedResponse } from '../model.js';
import { readJsonFile } from '../io/parse-json.js';

/** One entry as an exchange, with its position and time in the file. */
export interface RecordedEntry {
  /** 1-based position in log.entries. */
  index: number;
  startedDateTime?: string;
  exchange: Exchange;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function headersOf(list: unknown, where: string, file: string): Record<string, string> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new InputError(`${file}: ${where}.headers is not an array (HAR 1.2 lists headers as {name, value} objects).`, file);
  const out: Record<string, string> = {};
  for (const h of list) {
    if (!isObject(h) || typeof h.name !== 'string') continue;
    // HTTP/2 pseudo-headers (:authority, :path) that browsers record are not message headers.
    if (h.name.startsWith(':')) continue;
    const name = h.name.toLowerCase();
    const value = typeof h.value === 'string' ? h.value : String(h.value ?? '');
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

function responseOf(res: unknown, where: string, file: string): ReceivedResponse | undefined {
  if (!isObject(res)) throw new InputError(`${file}: ${where}.response is missing.`, file);
  // Status 0: the browser (or the proxy) got no answer.
  if (typeof res.status !== 'number' || res.status <= 0) return undefined;
  const content = isObject(res.content) ? res.content : {};
  const text = typeof content.text === 'string' ? content.text : '';
  const body = content.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
  const truncated = typeof content.comment === 'string' && content.comment.startsWith('cut at the body cap');
  return { status: res.status, headers: headersOf(res.headers, `${where}.response`, file), body, truncated, timeToFirstByteMs: 0 };
}

/** The entries of a parsed HAR document (`file` names it in errors). */
export function harEntries(doc: unknown, file: string): RecordedEntry[] {
  if (!isObject(doc) || !isObject(doc.log) || !Array.isArray(doc.log.entries)) {
    throw new InputError(`${file}: not a HAR file (expected {"log": {"version": "1.2", "entries": [...]}}).`, file);
  }
  return doc.log.entries.map((entry: unknown, i: number) => {
    const where = `log.entries[${i}]`;
    if (!isObject(entry) || !isObject(entry.request)) throw new InputError(`${file}: ${where} has no request.`, file);
    const req = entry.request;
    if (typeof req.method !== 'string' || typeof req.url !== 'string') throw new InputError(`${file}: ${where}.request needs a method and a url.`, file);
    const post = isObject(req.postData) ? req.postData : undefined;
    const response = responseOf(entry.response, where, file);
    const recordedError = (entry.response as Json)._error;
    const exchange: Exchange = {
      request: { method: req.method.toUpperCase() as HttpMethod, url: req.url, headers: headersOf(req.headers, `${where}.request`, file), ...(post && typeof post.text === 'string' ? { body: post.text } : {}) },
      // An answer with an `_error` (the proxy's: broken off mid-body, undecodable) is judged as it was live.
      ...(response ? { response, ...(typeof recordedError === 'string' ? { error: { code: /^([A-Z_]+): /.exec(recordedError)?.[1] ?? 'RECORDED', message: recordedError.replace(/^[A-Z_]+: /, '') } } : {}) } : { error: { code: 'NO_RESPONSE', message: typeof recordedError === 'string' ? recordedError : 'the recording holds no answer' } }),
      durationMs: typeof entry.time === 'number' && entry.time >= 0 ? Math.round(entry.time) : 0,
    };
    return { index: i + 1, ...(typeof entry.startedDateTime === 'string' ? { startedDateTime: entry.startedDateTime } : {}), exchange };
  });
}

/** Reads `file` as HAR; unreadable files, bad JSON and a wrong shape are InputErrors (exit 2). */
export async function readHar(file: string): Promise<RecordedEntry[]> {
  return harEntries(await readJsonFile(file, 'HAR file'), file);
}

import { Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { displayMask } from '../redact/run.js';

/** What was read of a response body; `error` when reading stopped early (reset, abort, corrupt encoding). */
export interface CappedBody {
  body: Buffer;
  truncated: boolean;
  error?: unknown;
}

const DECODABLE = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/**
 * The most content codings xborder undoes on one body. A server applies one (gzip, br); stacking is
 * legal but rare, and each layer is another decompressor to run: past a few it is an attack, not an
 * answer (curl refuses more than 5; we stop at 3).
 */
export const MAX_CODINGS = 3;

/** The content codings to undo, outermost first; undefined when one of them is unknown (body kept as sent). */
export function codingsToUndo(contentEncoding: string | undefined): string[] | undefined {
  const list = (contentEncoding ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s !== 'identity');
  if (list.some((c) => !DECODABLE.has(c))) return undefined;
  // Codings are listed in the order they were applied: undo from the last.
  return list.reverse();
}

function decoderFor(coding: string, first: Buffer): Transform {
  // Z_SYNC_FLUSH lets a body cut by the server (or by us) still yield what was decoded so far.
  const opts = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (coding === 'br') return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  if (coding === 'deflate') {
    // RFC 9110 deflate is zlib-wrapped, but some servers send raw deflate: the zlib header tells them apart.
    const zlibWrapped = first.length >= 2 && (first[0]! & 0x0f) === 8 && ((first[0]! << 8) | first[1]!) % 31 === 0;
    return zlibWrapped ? zlib.createInflate(opts) : zlib.createInflateRaw(opts);
  }
  return zlib.createGunzip(opts);
}

/** Re-yields `first` then the rest of `it`, releasing `it` when the consumer stops early. */
async function* chain(first: Buffer, it: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield first;
    for (;;) {
      const n = await it.next();
      if (n.done) return;
      yield n.value;
    }
  } finally {
    await it.return?.();
  }
}

/** The streams of one body's decoding chain, and why they were stopped (an abort is not a corrupt body). */
interface Chain {
  live: Set<Readable | Transform>;
  stoppedBy?: Error;
}

/** One decoding stage; the decoder is chosen once the first bytes are known. Its streams join `ctx.live`. */
async function* decodeStage(src: AsyncIterable<Buffer>, coding: string, ctx: Chain): AsyncGenerator<Buffer> {
  const it = src[Symbol.asyncIterator]();
  const head = await it.next();
  if (head.done) return;
  const decoder = decoderFor(coding, head.value);
  const feed = Readable.from(chain(head.value, it), { objectMode: false });
  ctx.live.add(decoder).add(feed);
  let upstreamError: unknown;
  feed.on('error', (err) => {
    upstreamError = err;
    decoder.destroy(err);
  });
  feed.pipe(decoder);
  try {
    for await (const out of decoder) yield out as Buffer;
  } catch (err) {
    // A transport error passes through unchanged; the decoder's own error means a corrupt body.
    if (err === upstreamError || (ctx.stoppedBy !== undefined && err === ctx.stoppedBy)) throw err;
    throw Object.assign(new Error(`the ${coding} body cannot be decoded: ${(err as Error).message}`), { code: 'DECODING', cause: err });
  } finally {
    feed.destroy();
    decoder.destroy();
  }
}

/** Codings listed one by one up to this many; a longer stack is told in runs ("gzip ×1000"). */
const LISTED_CODINGS = 8;
/** Runs of a long stack shown before the rest is counted. */
const SHOWN_RUNS = 4;
/** Characters of one coding name shown (a header can hold one name of kilobytes). */
const CODING_NAME_CHARS = 24;

/**
 * A stack of content codings as a short text, in the order they were applied: listed as sent when
 * short ("gzip, br"), else in runs ("gzip ×1000", "gzip ×3, br ×2, … 7 more"). Bounded whatever the
 * header holds: a finding carrying a 6,000-character header made the table report take minutes.
 */
export function describeCodings(applied: readonly string[]): string {
  const name = (c: string) => (c.length > CODING_NAME_CHARS ? `${c.slice(0, CODING_NAME_CHARS - 1)}…` : c);
  if (applied.length <= LISTED_CODINGS) return applied.map(name).join(', ');
  const runs: { coding: string; count: number }[] = [];
  for (const c of applied) {
    const last = runs[runs.length - 1];
    if (last && last.coding === c) last.count++;
    else runs.push({ coding: c, count: 1 });
  }
  const shown = runs.slice(0, SHOWN_RUNS).map((r) => (r.count > 1 ? `${name(r.coding)} ×${r.count}` : name(r.coding)));
  const rest = runs.slice(SHOWN_RUNS).reduce((n, r) => n + r.count, 0);
  return rest > 0 ? `${shown.join(', ')}, … ${rest} more` : shown.join(', ');
}

/**
 * A Content-Encoding header value as `describeCodings` shows it (bounded, whatever the merchant sent).
 * The header is masked whole before its names are cut: a cut piece of an echoed secret is no longer
 * recognisable as one (see redact/cut.ts).
 */
export function describeContentEncoding(header: string): string {
  return describeCodings(displayMask(header).split(',').map((s) => s.trim()).filter((s) => s !== ''));
}

/** The error for a body whose Content-Encoding stacks more than MAX_CODINGS codings (judged like a corrupt body). */
function tooManyCodings(codings: string[]): Error {
  const applied = [...codings].reverse();
  return Object.assign(new Error(`the body stacks ${codings.length} content codings (${describeCodings(applied)}); xborder undoes at most ${MAX_CODINGS}`), { code: 'DECODING' });
}

/**
 * Reads `body` up to `cap` bytes AFTER content decoding, so a small gzip bomb stops at the cap like
 * a large plain body does. Past the cap nothing more is read: the streams are destroyed, which also
 * closes the connection. More than MAX_CODINGS stacked codings are refused unread (code DECODING).
 * `signal` bounds the decoding too: a body that has fully arrived may still take long to decode, and
 * aborting the request alone would not stop the decompressors. Never rejects: a failure midway
 * returns what was read with `error`.
 */
export async function readCapped(body: Readable, contentEncoding: string | undefined, cap: number, signal?: AbortSignal): Promise<CappedBody> {
  const codings = codingsToUndo(contentEncoding) ?? [];
  if (codings.length > MAX_CODINGS) {
    // Nobody reads the body: the error a destroyed undici body emits is expected, not uncaught.
    body.on('error', () => undefined).destroy();
    return { body: Buffer.alloc(0), truncated: false, error: tooManyCodings(codings) };
  }
  const state: Chain = { live: new Set<Readable | Transform>([body]) };
  let stream: AsyncIterable<Buffer> = body;
  for (const c of codings) stream = decodeStage(stream, c, state);
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  let error: unknown;
  // Every stream of the chain is destroyed with the abort reason: the loop below then ends with it,
  // wherever it was waiting (for bytes, or for a decompressor).
  const onAbort = () => {
    state.stoppedBy = signal?.reason instanceof Error ? signal.reason : new Error('aborted');
    for (const s of state.live) s.on('error', () => undefined).destroy(state.stoppedBy);
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of stream) {
      if (signal?.aborted) throw signal.reason;
      if (total + chunk.length > cap) {
        chunks.push(chunk.subarray(0, cap - total));
        total = cap;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
    }
  } catch (err) {
    error = err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Only a body left unfinished is destroyed; a fully read one keeps its connection for reuse.
    if ((truncated || error !== undefined) && !body.destroyed) body.destroy();
  }
  return { body: Buffer.concat(chunks, total), truncated, ...(error !== undefined ? { error } : {}) };
}

import { Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';

/** What was read of a response body; `error` when reading stopped early (reset, abort, corrupt encoding). */
export interface CappedBody {
  body: Buffer;
  truncated: boolean;
  error?: unknown;
}

const DECODABLE = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

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

/** One decoding stage; the decoder is chosen once the first bytes are known. */
async function* decodeStage(src: AsyncIterable<Buffer>, coding: string): AsyncGenerator<Buffer> {
  const it = src[Symbol.asyncIterator]();
  const head = await it.next();
  if (head.done) return;
  const decoder = decoderFor(coding, head.value);
  const feed = Readable.from(chain(head.value, it), { objectMode: false });
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
    if (err === upstreamError) throw err;
    throw Object.assign(new Error(`the ${coding} body cannot be decoded: ${(err as Error).message}`), { code: 'DECODING', cause: err });
  } finally {
    feed.destroy();
    decoder.destroy();
  }
}

/**
 * Reads `body` up to `cap` bytes AFTER content decoding, so a small gzip bomb stops at the cap like
 * a large plain body does. Past the cap nothing more is read: the streams are destroyed, which also
 * closes the connection. Never rejects: a failure midway returns what was read with `error`.
 */
export async function readCapped(body: Readable, contentEncoding: string | undefined, cap: number): Promise<CappedBody> {
  const codings = codingsToUndo(contentEncoding) ?? [];
  let stream: AsyncIterable<Buffer> = body;
  for (const c of codings) stream = decodeStage(stream, c);
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  let error: unknown;
  try {
    for await (const chunk of stream) {
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
    // Only a body left unfinished is destroyed; a fully read one keeps its connection for reuse.
    if ((truncated || error !== undefined) && !body.destroyed) body.destroy();
  }
  return { body: Buffer.concat(chunks, total), truncated, ...(error !== undefined ? { error } : {}) };
}

/**
 * Buffers for work items, used again once judged. An item's bytes are moved to a worker and, with
 * its result, moved back; a fresh buffer per item would instead be new memory for the kernel to
 * fault in and zero (on 2 cores that cost the main thread more than copying the lines did).
 */

/** Buffers kept for reuse at most: enough for the items in flight of a large pool. */
const KEEP = 32;

const free: ArrayBuffer[] = [];

/** A buffer of at least `size` bytes: a returned one when one is large enough, else a new one. */
export function itemBuffer(size: number): Buffer {
  for (let i = free.length - 1; i >= 0; i--) {
    if (free[i].byteLength >= size) {
      const [buffer] = free.splice(i, 1);
      return Buffer.from(buffer);
    }
  }
  // Never a slice of Node's shared pool: the whole ArrayBuffer is moved to a worker.
  return Buffer.allocUnsafeSlow(size);
}

/** Hands an item's buffer back once nothing reads it any more (its documents are parsed). */
export function returnItemBuffer(buffer: ArrayBuffer): void {
  if (buffer.byteLength > 0 && free.length < KEEP) free.push(buffer);
}

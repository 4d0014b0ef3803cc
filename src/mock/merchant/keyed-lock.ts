/**
 * Serialises work per key: what a conforming merchant does for each platform OrderId (a row lock,
 * an advisory lock, a unique index), so a delivery that arrives while the same order is still being
 * created waits for it and then finds it, instead of creating a second order.
 */

/** Runs tasks one after another per key; tasks of different keys run side by side. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` once every task queued before it under `key` has settled. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const mine = before.then(task, task);
    // The tail never rejects, so one failed delivery does not fail the ones queued after it.
    const tail = mine.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      // The last task of a key removes it, so the map holds only keys with work in flight.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

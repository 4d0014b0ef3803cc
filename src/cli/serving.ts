/** What the `mock` servers share: reading their numeric flags, and serving until Ctrl-C. */
import { UsageError } from '../errors.js';

/** An integer flag in [min, max]; undefined when not given; a UsageError otherwise. */
export function parseWholeNumber(raw: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return n;
}

/** Resolves on the first SIGINT or SIGTERM, then stops listening for both. */
export function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

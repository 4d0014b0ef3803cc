/** Whole-number flags (`--runs 300`, `--port 8080`), checked the one way every command checks them. */
import { UsageError } from '../errors.js';

/** `raw` as a whole number in [min, max]; `fallback` when the flag was not given; else a usage error (exit 2). */
export function wholeNumberFlag(flag: string, raw: string | undefined, min: number, max: number, fallback: number): number;
export function wholeNumberFlag(flag: string, raw: string | undefined, min: number, max: number): number | undefined;
export function wholeNumberFlag(flag: string, raw: string | undefined, min: number, max: number, fallback?: number): number | undefined {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^-?\d+$/.test(String(raw).trim()) || !Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}.`);
  return n;
}

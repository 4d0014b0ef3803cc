/** Parsing of the human units flags and environment variables accept (`30s`, `5m`, `10MiB`). */

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min)?$/i;
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|kib|k|mb|mib|m|gb|gib|g)?$/i;

/** Milliseconds from `1500`, `1500ms`, `30s` or `5m`; undefined when not a duration. */
export function parseDurationMs(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text : undefined;
  const m = DURATION.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'ms').toLowerCase();
  return Math.round(unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000);
}

/** Bytes from `1048576`, `512k`, `10MiB`, `1GB` (binary multiples throughout). */
export function parseSizeBytes(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isInteger(text) && text > 0 ? text : undefined;
  const m = SIZE.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'b').toLowerCase()[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const bytes = Math.round(n * factor);
  return bytes > 0 ? bytes : undefined;
}

/** A non-negative integer, or undefined. */
export function parseCount(text: string | number): number | undefined {
  const n = typeof text === 'number' ? text : /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

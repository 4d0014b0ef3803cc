/**
 * The accepted range of every numeric transport setting, in one place: flags and XBORDER_* variables
 * are checked against it when parsed, and schemas/config.schema.json carries the same bounds
 * (`maximum`) so a config file is held to them by the same validation (a test keeps both in step).
 */

/** The longest delay Node's timers accept (2^31-1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * The largest response body xborder reads. A body is held in memory and turned into text (and may be
 * escaped again in a JSON report, up to 6 characters a byte), and V8 strings end at 512 MiB: 64 MiB
 * keeps every rendering of a body well under that.
 */
export const MAX_BODY_CEILING = 64 * 1024 * 1024;

/** Retries of a request that never started: the platform itself retries a few times, not for ever. */
export const MAX_RETRIES = 10;

/** The longest wait between retries: 10 minutes (the platform's rule is once a minute). */
export const MAX_RETRY_INTERVAL_MS = 600_000;

/** The numeric settings with a range: config key -> bounds, unit and the flag that sets it. */
export interface SettingRange {
  min: number;
  max: number;
  /** How the value is shown: milliseconds, bytes or a plain count. */
  unit: 'ms' | 'bytes' | 'count';
  /** The flag (without `--`) that sets it. */
  flag: string;
}

export const SETTING_RANGES = {
  timeoutMs: { min: 1, max: MAX_TIMER_MS, unit: 'ms', flag: 'timeout' },
  connectTimeoutMs: { min: 1, max: MAX_TIMER_MS, unit: 'ms', flag: 'connect-timeout' },
  firstByteTimeoutMs: { min: 1, max: MAX_TIMER_MS, unit: 'ms', flag: 'first-byte-timeout' },
  maxBodyBytes: { min: 1, max: MAX_BODY_CEILING, unit: 'bytes', flag: 'max-body' },
  retries: { min: 0, max: MAX_RETRIES, unit: 'count', flag: 'retries' },
  retryIntervalMs: { min: 0, max: MAX_RETRY_INTERVAL_MS, unit: 'ms', flag: 'retry-interval' },
} as const satisfies Record<string, SettingRange>;

export type RangedSetting = keyof typeof SETTING_RANGES;

/** A size in words: `64 MiB`, `512 KiB`, `100 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/** A duration in words for a range message: `2147483647 ms (about 24.8 days)`, `600000 ms (10 minutes)`. */
function msText(ms: number): string {
  if (ms === MAX_TIMER_MS) return `${ms} ms (about 24.8 days)`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms} ms (${ms / 60_000} minute${ms === 60_000 ? '' : 's'})`;
  return `${ms} ms`;
}

/** "from 1 ms to 2147483647 ms (about 24.8 days)", "from 1 byte to 64 MiB", "from 0 to 10". */
export function rangeText(range: SettingRange): string {
  if (range.unit === 'ms') return `from ${range.min} ms to ${msText(range.max)}`;
  if (range.unit === 'bytes') return `from ${sizeText(range.min)} to ${sizeText(range.max)}`;
  return `from ${range.min} to ${range.max}`;
}

/** True when `n` lies in the setting's range. */
export function inRange(range: SettingRange, n: number): boolean {
  return Number.isFinite(n) && n >= range.min && n <= range.max;
}

import type { HttpSettings } from '../model.js';

/** One mebibyte, for readable size settings. */
export const MiB = 1024 * 1024;

/**
 * Transport defaults. The total timeout is the platform's own SendOrderToMerchant timeout (5 minutes)
 * and the retry interval its documented rule (retry once a minute), so a default run behaves like the
 * platform would.
 */
export const DEFAULT_HTTP_SETTINGS: HttpSettings = Object.freeze({
  timeoutMs: 300_000,
  connectTimeoutMs: 10_000,
  // The platform has no separate first-byte limit: waiting for headers is bounded by the total.
  firstByteTimeoutMs: 300_000,
  maxBodyBytes: 10 * MiB,
  retries: 0,
  retryIntervalMs: 60_000,
}) as HttpSettings;

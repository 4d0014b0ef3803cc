/**
 * The two layers above the config file: XBORDER_* environment variables, then command-line flags.
 * Both are expressed as the same `ConfigFlags` so one function applies either.
 */
import type { HttpMethod, XborderConfig } from '../model.js';
import { inRange, rangeText, SETTING_RANGES, type RangedSetting } from './limits.js';
import { parseCount, parseDurationMs, parseSizeBytes } from './units.js';

/** Settings that flags (and XBORDER_* variables) can override. Strings as typed by the user. */
export interface ConfigFlags {
  merchantUrl?: string;
  platformUrl?: string;
  merchantGuid?: string;
  cartToken?: string;
  cartTokenParam?: string;
  /** Comma-separated cart tokens. */
  carts?: string;
  newCart?: string;
  country?: string;
  currency?: string;
  cartMethods?: string;
  giftCardUrl?: string;
  timeout?: string | number;
  connectTimeout?: string | number;
  firstByteTimeout?: string | number;
  maxBody?: string | number;
  retries?: string | number;
  retryInterval?: string | number;
  ca?: string;
  insecure?: boolean | string;
  proxy?: string;
}

/** Which environment variable feeds which flag. */
export const ENV_VARIABLES: Record<string, keyof ConfigFlags> = {
  XBORDER_MERCHANT_URL: 'merchantUrl',
  XBORDER_PLATFORM_URL: 'platformUrl',
  XBORDER_MERCHANT_GUID: 'merchantGuid',
  XBORDER_CART_TOKEN: 'cartToken',
  XBORDER_CART_TOKEN_PARAM: 'cartTokenParam',
  XBORDER_CARTS: 'carts',
  XBORDER_NEW_CART: 'newCart',
  XBORDER_COUNTRY: 'country',
  XBORDER_CURRENCY: 'currency',
  XBORDER_CART_METHODS: 'cartMethods',
  XBORDER_GIFT_CARD_URL: 'giftCardUrl',
  XBORDER_TIMEOUT: 'timeout',
  XBORDER_CONNECT_TIMEOUT: 'connectTimeout',
  XBORDER_FIRST_BYTE_TIMEOUT: 'firstByteTimeout',
  XBORDER_MAX_BODY: 'maxBody',
  XBORDER_RETRIES: 'retries',
  XBORDER_RETRY_INTERVAL: 'retryInterval',
  XBORDER_CA: 'ca',
  XBORDER_INSECURE: 'insecure',
  XBORDER_PROXY: 'proxy',
};

/** The XBORDER_* variables that are set, as flags. */
export function flagsFromEnv(env: Record<string, string | undefined>): ConfigFlags {
  const flags: Record<string, string> = {};
  for (const [name, key] of Object.entries(ENV_VARIABLES)) {
    const value = env[name];
    if (value !== undefined && value !== '') flags[key] = value;
  }
  return flags as ConfigFlags;
}

/**
 * Applies `flags` onto `config` in place; returns the problems found (bad numbers, methods, URLs),
 * each naming where the value came from (`origin` is e.g. "--timeout" or "XBORDER_TIMEOUT").
 */
export function applyFlags(config: XborderConfig, flags: ConfigFlags, originOf: (key: keyof ConfigFlags) => string): string[] {
  const problems: string[] = [];
  // A number outside its range is refused with the range, and the layer below keeps its value.
  const number = (key: keyof ConfigFlags, parse: (v: string | number) => number | undefined, setting: RangedSetting, example: string, set: (n: number) => void) => {
    const raw = flags[key];
    if (raw === undefined) return;
    // A duration without a unit is milliseconds; a small bare number was surely meant as seconds.
    if (parse === parseDurationMs && typeof raw === 'string' && /^\d+$/.test(raw.trim()) && Number(raw) > 0 && Number(raw) < 1000) {
      problems.push(`${originOf(key)}: ${raw.trim()} without a unit is ${raw.trim()} milliseconds; did you mean ${raw.trim()}s? (write ${raw.trim()}ms for milliseconds)`);
      return;
    }
    const n = parse(raw as string | number);
    const range = SETTING_RANGES[setting];
    if (n === undefined || !inRange(range, n)) problems.push(`${originOf(key)}: expected ${example} ${rangeText(range)}, got ${JSON.stringify(raw)}`);
    else set(n);
  };
  if (flags.merchantUrl !== undefined) config.merchant.baseUrl = flags.merchantUrl;
  if (flags.platformUrl !== undefined) config.platform.baseUrl = flags.platformUrl;
  if (flags.merchantGuid !== undefined) config.merchantGUID = flags.merchantGuid;
  if (flags.cartToken !== undefined) config.merchant.cartToken = flags.cartToken;
  if (flags.cartTokenParam !== undefined) {
    if (/^[A-Za-z0-9_.~-]+$/.test(flags.cartTokenParam)) config.merchant.cartTokenParam = flags.cartTokenParam;
    else problems.push(`${originOf('cartTokenParam')}: expected a URL parameter name (letters, digits, _ . ~ -), got ${JSON.stringify(flags.cartTokenParam)}`);
  }
  if (flags.carts !== undefined) config.merchant.carts = flags.carts.split(',').map((t) => t.trim()).filter(Boolean);
  if (flags.newCart !== undefined) config.merchant.newCart = { ...config.merchant.newCart, command: flags.newCart };
  if (flags.country !== undefined) config.merchant.countryCode = flags.country.toUpperCase();
  if (flags.currency !== undefined) config.merchant.currencyCode = flags.currency.toUpperCase();
  if (flags.giftCardUrl !== undefined) config.giftCard.url = flags.giftCardUrl;
  if (flags.ca !== undefined) config.http.caFile = flags.ca;
  if (flags.proxy !== undefined) config.http.proxy = flags.proxy;
  if (flags.insecure !== undefined) config.http.insecure = flags.insecure === true || /^(1|true|yes)$/i.test(String(flags.insecure));
  if (flags.cartMethods !== undefined) {
    const methods = flags.cartMethods.split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);
    const bad = methods.filter((m) => m !== 'GET' && m !== 'POST');
    if (bad.length || methods.length === 0) problems.push(`${originOf('cartMethods')}: expected GET, POST or GET,POST, got ${JSON.stringify(flags.cartMethods)}`);
    else config.merchant.cartMethods = [...new Set(methods)] as HttpMethod[];
  }
  number('timeout', parseDurationMs, 'timeoutMs', 'a duration (300000, 30s, 5m)', (n) => {
    // The first-byte timeout follows the total unless set on its own.
    if (config.http.firstByteTimeoutMs === config.http.timeoutMs) config.http.firstByteTimeoutMs = n;
    config.http.timeoutMs = n;
  });
  number('connectTimeout', parseDurationMs, 'connectTimeoutMs', 'a duration (10000, 10s)', (n) => (config.http.connectTimeoutMs = n));
  number('firstByteTimeout', parseDurationMs, 'firstByteTimeoutMs', 'a duration (60s)', (n) => (config.http.firstByteTimeoutMs = n));
  number('maxBody', parseSizeBytes, 'maxBodyBytes', 'a size (10485760, 512k, 10MiB)', (n) => (config.http.maxBodyBytes = n));
  number('retries', parseCount, 'retries', 'a whole number', (n) => (config.http.retries = n));
  number('retryInterval', parseDurationMs, 'retryIntervalMs', 'a duration (60s)', (n) => (config.http.retryIntervalMs = n));
  return problems;
}

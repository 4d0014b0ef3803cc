/**
 * Flags and XBORDER_* variables are held to the same JSON Schema as the config file: the layered
 * result is written back in the file's shape and validated by validateConfigDocument, and every
 * problem at a place a flag or variable set is reported under that flag's name. `--country ZZZZ` is
 * refused exactly like `"countryCode": "ZZZZ"` in the file.
 */
import type { Finding, XborderConfig } from '../model.js';
import { validateConfigDocument } from '../validation/index.js';
import type { ConfigFlags } from './overrides.js';

/** Where each flag (or its variable) lands in the config file, as a JSON pointer. */
export const FLAG_POINTERS: Record<keyof ConfigFlags, string> = {
  merchantUrl: '/merchant/baseUrl',
  platformUrl: '/platform/baseUrl',
  merchantGuid: '/merchantGUID',
  cartToken: '/merchant/cartToken',
  cartTokenParam: '/merchant/cartTokenParam',
  carts: '/merchant/carts',
  newCart: '/merchant/newCart',
  country: '/merchant/countryCode',
  currency: '/merchant/currencyCode',
  cartMethods: '/merchant/cartMethods',
  giftCardUrl: '/giftCard/url',
  timeout: '/timeoutMs',
  connectTimeout: '/connectTimeoutMs',
  firstByteTimeout: '/firstByteTimeoutMs',
  maxBody: '/maxBodyBytes',
  retries: '/retries',
  retryInterval: '/retryIntervalMs',
  ca: '/ca',
  insecure: '/insecure',
  proxy: '/proxy',
};

/** The documented forms in words, for the patterns a person is likely to miss. */
const PATTERN_WORDS: Record<string, string> = {
  '^[A-Z]{2}$': 'a 2-letter ISO 3166 country code such as DE',
  '^[A-Z]{3}$': 'a 3-letter ISO 4217 currency code such as EUR',
  '^https?://[^\\s/?#]+[^\\s]*$': 'an http:// or https:// URL with a host',
  '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$': 'a GUID (8-4-4-4-12 hexadecimal digits)',
};

/** One layer above the file: its values and how its keys are named in messages. */
export interface FlagLayer {
  flags: ConfigFlags;
  originOf: (key: keyof ConfigFlags) => string;
}

/** A problem of a value a flag or variable set: the config key (dotted) and the message. */
export interface LayeredProblem {
  key: string;
  message: string;
}

/** The layered configuration in the shape of the config file (what the schema describes). */
export function configDocumentOf(config: XborderConfig): Record<string, unknown> {
  const { merchant, platform, giftCard, http } = config;
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));
  return defined({
    merchantGUID: config.merchantGUID,
    merchant: defined({ ...merchant }),
    platform: defined({ ...platform }),
    giftCard: defined({ ...giftCard }),
    auth: config.auth,
    timeoutMs: http.timeoutMs,
    connectTimeoutMs: http.connectTimeoutMs,
    firstByteTimeoutMs: http.firstByteTimeoutMs,
    maxBodyBytes: http.maxBodyBytes,
    retries: http.retries,
    retryIntervalMs: http.retryIntervalMs,
    ca: http.caFile,
    insecure: http.insecure,
    proxy: http.proxy,
  });
}

/** The message of a finding, with a documented pattern said in words. */
function wordsFor(finding: Finding): string {
  const pattern = /^does not match the documented form (.*)$/.exec(finding.message)?.[1];
  const words = pattern ? PATTERN_WORDS[pattern] : undefined;
  return words ? `expected ${words}` : finding.message;
}

/** A value as quoted in a problem: JSON, cut at 80 characters. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The schema's problems with the values the layers set, each named by the flag or variable that
 * set it (the last layer that set a key wins, as it won the value). Problems elsewhere belong to the
 * file, which was validated on its own.
 */
export function layeredProblems(config: XborderConfig, layers: FlagLayer[]): LayeredProblem[] {
  const owners: { pointer: string; origin: string }[] = [];
  for (const layer of [...layers].reverse()) {
    for (const key of Object.keys(layer.flags) as (keyof ConfigFlags)[]) {
      const pointer = FLAG_POINTERS[key];
      if (layer.flags[key] === undefined || !pointer || owners.some((o) => o.pointer === pointer)) continue;
      owners.push({ pointer, origin: layer.originOf(key) });
    }
  }
  if (owners.length === 0) return [];
  const problems: LayeredProblem[] = [];
  for (const finding of validateConfigDocument(configDocumentOf(config))) {
    const path = finding.path ?? '';
    const owner = owners.find((o) => path === o.pointer || path.startsWith(`${o.pointer}/`));
    if (!owner) continue;
    const dotted = owner.pointer.slice(1).replace(/\//g, '.');
    const got = finding.actual === undefined || finding.actual === 'absent' ? '' : `, got ${quoted(finding.actual)}`;
    // The schema's message may end in a suggestion (`; did you mean http://...?`): said after the value.
    const [said, meant = ''] = wordsFor(finding).split(/(?=; did you mean )/);
    const message = `${owner.origin} (config ${dotted}): ${said}${got}${meant}`;
    if (!problems.some((p) => p.message === message)) problems.push({ key: dotted, message });
  }
  return problems;
}

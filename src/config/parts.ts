/**
 * The parts of a configuration, so a command can say which it uses and a problem elsewhere (an
 * unset `${NAME}`, a value its schema refuses) does not stop it: `mock platform` needs only the
 * MerchantGUID it accepts, not the merchant's credentials (`environment variable XB_HEADER_KEY is
 * not set` is no reason for it to refuse to start). A problem whose place is not one of these parts
 * (an unknown key, the document itself) concerns every command.
 */

/** A part of the configuration a command may use. */
export type ConfigPart = 'merchantGUID' | 'merchant' | 'platform' | 'giftCard' | 'auth' | 'http';

/** The part each top-level key belongs to (a merchant of `merchants` has the same keys). */
const PART_OF_KEY: Readonly<Record<string, ConfigPart>> = {
  merchantGUID: 'merchantGUID',
  merchant: 'merchant',
  platform: 'platform',
  giftCard: 'giftCard',
  auth: 'auth',
  timeoutMs: 'http',
  connectTimeoutMs: 'http',
  firstByteTimeoutMs: 'http',
  maxBodyBytes: 'http',
  retries: 'http',
  retryIntervalMs: 'http',
  ca: 'http',
  insecure: 'http',
  proxy: 'http',
};

/**
 * The top-level key a problem is about: `where` is a JSON pointer (`/auth/0/value`,
 * `/merchants/1/auth/0/value`) or the start of a semantic problem (`merchant.baseUrl: ...`,
 * `auth[0] (header): ...`).
 */
function keyOf(where: string): string {
  const words = where.startsWith('/') ? where.slice(1).split('/') : where.split(/[.[\s:]/);
  return words[0] === 'merchants' && words.length > 2 ? words[2]! : words[0]!;
}

/** True when a problem at `where` concerns a command that uses only `uses` (every part when undefined). */
export function concernsParts(where: string, uses: readonly ConfigPart[] | undefined): boolean {
  if (uses === undefined) return true;
  const part = PART_OF_KEY[keyOf(where)];
  return part === undefined || uses.includes(part);
}

/**
 * Where a payload's form-encoded values may sit, as JSON pointers: the address blocks of every order
 * (and sub order), each labelled with the party Customer.IsEndCustomerPrimary gives it, and the
 * InternationalDetails URLs. Which of those values were in fact encoded is decided per value, by
 * evidence (./evidence.ts), not here. Carts are not listed: merchants send them raw (facts: "Carts
 * from merchants are not URL-encoded"). Property names are matched case-insensitively because the
 * wire casing varies.
 */
import { joinPointer } from '../validation/pointer.js';

/**
 * Address fields that are ISO codes, not free text: never decoded by the interface rule. Zip is not
 * among them: the platform encodes every string of the end customer's address, and postcodes carry
 * spaces (`BN1+3XA` is `BN1 3XA`).
 */
const CODE_FIELDS = new Set(['statecode', 'countrycode', 'countrycode3']);
const CODE_FIELD_LENGTHS = new Set([...CODE_FIELDS].map((name) => name.length));

/** The four address blocks of an order, in the casing the interface documents. */
const BLOCK_NAMES = ['PrimaryShipping', 'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling'] as const;

const BLOCK_BY_LOWER = new Map(BLOCK_NAMES.map((name) => [name.toLowerCase(), name]));
/** An order has some 60 keys: only those as long as a block name are lower-cased to be looked up. */
const BLOCK_NAME_LENGTHS = new Set(BLOCK_NAMES.map((name) => name.length));

/** The party an address block belongs to according to Customer.IsEndCustomerPrimary. */
export type BlockRole = 'end-customer' | 'hub';

/**
 * Where an order's end-customer role came from: its own `Customer.IsEndCustomerPrimary`, the mixed
 * order's (a sub order without a flag inherits it), or the default false because the flag or the
 * whole Customer object is missing (real orders come without Customer).
 */
export type RoleSource = 'flag' | 'inherited' | 'no-flag' | 'no-customer';

/** One string value, where it is. */
export interface FieldValue {
  /** JSON pointer of the value. */
  readonly path: string;
  readonly value: string;
}

/**
 * A FieldValue whose pointer is built only when asked: bulk validation looks at every address value
 * of every order, and only the few with a note need their path.
 */
class LazyField implements FieldValue {
  private pointer: string | undefined;
  constructor(
    private readonly base: string,
    private readonly key: string,
    readonly value: string,
  ) {}

  get path(): string {
    return (this.pointer ??= joinPointer(this.base, this.key));
  }
}

/** One address block of an order. */
export interface AddressBlock {
  /** JSON pointer of the block. */
  path: string;
  /** The documented name (`PrimaryBilling`), whatever casing the payload used. */
  name: (typeof BLOCK_NAMES)[number];
  role: BlockRole;
  /** Its free-text string values (ISO codes left out), in document order. */
  fields: FieldValue[];
}

/** The places an order (or sub order) may carry form-encoded values. */
export interface OrderFields {
  /** JSON pointer of the order: `''` for the payload, `/Subs/0` for a sub order. */
  path: string;
  /** Whether the end customer holds the Primary blocks (default false). */
  endCustomerIsPrimary: boolean;
  source: RoleSource;
  /** The address blocks present, in document order. */
  blocks: AddressBlock[];
  /** The InternationalDetails URLs (and those of its ParcelsTracking entries). */
  urls: FieldValue[];
}

type Json = Record<string, unknown>;

// Keys are walked with `for...in`, not `Object.keys`: on the objects JSON.parse makes (own
// properties only, a plain prototype), V8 reads `obj[key]` inside a for-in from its enum cache, about
// five times faster than the generic keyed load after Object.keys, and allocates no key array; every
// address block of every validated order is walked.

/** The orders of `doc` (the payload and its sub orders), or none when `doc` is not an order. */
export function orderFields(doc: unknown): OrderFields[] {
  if (!isObject(doc) || !isOrder(doc)) return [];
  return collectOrders(doc);
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An order has OrderId, MerchantGUID or one of the address blocks (any casing); a cart has productsList. */
function isOrder(doc: Json): boolean {
  if (findKey(doc, 'productsList') !== undefined) return false;
  return ['OrderId', 'MerchantGUID', ...BLOCK_NAMES].some((name) => findKey(doc, name) !== undefined);
}

/**
 * The actual key in `obj` matching `name` case-insensitively (exact match preferred). A miss compares
 * only the keys of the name's length: an order has some 70 keys and is asked for several absent names
 * (productsList, Subs...), which bulk validation does for every document, and lower-casing them all
 * (or indexing them) cost more than the rest of the rule.
 */
function findKey(obj: Json, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const length = name.length;
  let lower: string | undefined;
  for (const key in obj) {
    if (key.length !== length) continue;
    lower ??= name.toLowerCase();
    if (key.toLowerCase() === lower) return key;
  }
  return undefined;
}

function child(obj: Json, name: string): { key: string; value: unknown } | undefined {
  const key = findKey(obj, name);
  return key === undefined ? undefined : { key, value: obj[key] };
}

/** The order's own flag (`true` or the string "true" is true), or why it has none. */
function ownRole(order: Json): { primary: boolean } | { missing: 'no-flag' | 'no-customer' } {
  const customer = child(order, 'Customer')?.value;
  if (!isObject(customer)) return { missing: 'no-customer' };
  const flag = child(customer, 'IsEndCustomerPrimary')?.value;
  if (flag === undefined || flag === null) return { missing: 'no-flag' };
  return { primary: flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true') };
}

/** Every free-text string of an address block (codes left out). */
function blockFields(block: Json, base: string): FieldValue[] {
  const fields: FieldValue[] = [];
  for (const key in block) {
    const value = block[key];
    if (typeof value === 'string' && !isCodeField(key)) fields.push(new LazyField(base, key, value));
  }
  return fields;
}

/** Whether `key` names a code field, in any casing (compared letter by letter: no lower-cased copy). */
function isCodeField(key: string): boolean {
  if (!CODE_FIELD_LENGTHS.has(key.length)) return false;
  for (const name of CODE_FIELDS) if (equalsIgnoringCase(key, name)) return true;
  return false;
}

/** Whether `key` is `lower` (lower-case ASCII letters and digits) in any casing. */
function equalsIgnoringCase(key: string, lower: string): boolean {
  if (key.length !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    const want = lower.charCodeAt(i);
    const got = key.charCodeAt(i);
    if (got !== want && !(want >= 97 && want <= 122 && got === want - 32)) return false;
  }
  return true;
}

/** Strings under a key ending in "Url" (any casing). */
function urlFields(obj: Json, base: string): FieldValue[] {
  const fields: FieldValue[] = [];
  for (const key in obj) {
    const value = obj[key];
    if (typeof value === 'string' && endsWithUrl(key)) fields.push(new LazyField(base, key, value));
  }
  return fields;
}

/** Whether `key` ends in "url", any casing (without a regular expression: it runs on every key). */
function endsWithUrl(key: string): boolean {
  const n = key.length;
  return n >= 3 && (key.charCodeAt(n - 1) | 32) === 108 && (key.charCodeAt(n - 2) | 32) === 114 && (key.charCodeAt(n - 3) | 32) === 117;
}

/** The address blocks of one order, in document order, with their roles. */
function addressBlocks(order: Json, base: string, primary: boolean): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  for (const key in order) {
    // Most of an order's keys are told apart by length and first letter (P or S, any case), unlowered.
    const first = key.charCodeAt(0) | 32;
    if ((first !== 112 && first !== 115) || !BLOCK_NAME_LENGTHS.has(key.length)) continue;
    const name = BLOCK_BY_LOWER.get(key.toLowerCase());
    const block = order[key];
    // An exact-case key wins over another casing of the same block (findKey's preference).
    if (!name || !isObject(block) || findKey(order, name) !== key) continue;
    const path = joinPointer(base, key);
    const role: BlockRole = name.startsWith('Primary') === primary ? 'end-customer' : 'hub';
    blocks.push({ path, name, role, fields: blockFields(block, path) });
  }
  return blocks;
}

/** The InternationalDetails URLs of one order, ParcelsTracking entries included. */
function orderUrls(order: Json, base: string): FieldValue[] {
  const intl = child(order, 'InternationalDetails');
  if (!intl || !isObject(intl.value)) return [];
  const intlBase = joinPointer(base, intl.key);
  const urls = urlFields(intl.value, intlBase);
  const parcels = child(intl.value, 'ParcelsTracking');
  if (parcels && Array.isArray(parcels.value)) {
    parcels.value.forEach((entry, i) => {
      if (isObject(entry)) urls.push(...urlFields(entry, joinPointer(intlBase, parcels.key, i)));
    });
  }
  return urls;
}

/**
 * The order and its sub orders (a sub order without its own flag inherits its parent's role). Sub
 * orders go through a work list, not recursion: Subs may nest as deep as a hostile sender likes.
 */
function collectOrders(top: Json): OrderFields[] {
  const out: OrderFields[] = [];
  type Item = { order: Json; base: string; inherited?: { primary: boolean; source: RoleSource } };
  const work: Item[] = [{ order: top, base: '' }];
  for (let item = work.pop(); item; item = work.pop()) {
    const { order, base } = item;
    const own = ownRole(order);
    let primary: boolean;
    let source: RoleSource;
    if ('primary' in own) [primary, source] = [own.primary, 'flag'];
    else if (item.inherited) [primary, source] = [item.inherited.primary, item.inherited.source === 'flag' ? 'inherited' : item.inherited.source];
    else [primary, source] = [false, own.missing];
    out.push({ path: base, endCustomerIsPrimary: primary, source, blocks: addressBlocks(order, base, primary), urls: orderUrls(order, base) });
    const subs = child(order, 'Subs');
    if (subs && Array.isArray(subs.value)) {
      // Pushed last to first so they come off the work list in document order.
      for (let i = subs.value.length - 1; i >= 0; i--) {
        const sub = subs.value[i];
        if (isObject(sub)) work.push({ order: sub, base: joinPointer(base, subs.key, i), inherited: { primary, source } });
      }
    }
  }
  return out;
}

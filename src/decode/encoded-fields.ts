/**
 * Where a payload's form-encoded values may sit, as JSON pointers: the address blocks of every order
 * (and sub order), each labelled with the party Customer.IsEndCustomerPrimary gives it, and the
 * InternationalDetails URLs. Which of those values were in fact encoded is decided per value, by
 * evidence (./evidence.ts), not here. Carts are not listed: merchants send them raw (facts: "Carts
 * from merchants are not URL-encoded"). Property names are matched case-insensitively because the
 * wire casing varies. The same places can be read in place (everyValue), without building their list:
 * the rule that runs on every validated order needs the list only for the few orders with a note.
 */
import { findKey, getProp, isObject, sameLowerCase, type JsonObject as Json } from '../json/props.js';
import { joinPointer } from '../validation/pointer.js';

/**
 * Address fields that are ISO codes, not free text: never decoded by the interface rule. Zip is not
 * among them: the platform encodes every string of the end customer's address, and postcodes carry
 * spaces (`BN1+3XA` is `BN1 3XA`).
 */
const CODE_FIELDS = ['StateCode', 'CountryCode', 'CountryCode3'];
/**
 * The code field of each length (no two share one), as documented and lower-cased: a key is compared
 * with one name at most.
 */
const CODE_FIELD_BY_LENGTH: ({ name: string; lower: string } | undefined)[] = [];
for (const name of CODE_FIELDS) CODE_FIELD_BY_LENGTH[name.length] = { name, lower: name.toLowerCase() };

/** The four address blocks of an order, in the casing the interface documents. */
const BLOCK_NAMES = ['PrimaryShipping', 'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling'] as const;

type BlockName = (typeof BLOCK_NAMES)[number];

/** The block name of each length (no two share one): a key is compared with one name at most. */
const BLOCK_BY_LENGTH = new Map(BLOCK_NAMES.map((name) => [name.length, name]));

/** Keys that make an object an order (any casing). */
const ORDER_KEYS = ['OrderId', 'MerchantGUID', ...BLOCK_NAMES];

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
  name: BlockName;
  role: BlockRole;
  /** Its free-text string values (ISO codes left out), in document order. */
  fields: FieldValue[];
}

/** An order (or sub order) of a payload and the role of its blocks, before any value is gathered. */
export interface OrderPlace {
  /** JSON pointer of the order: `''` for the payload, `/Subs/0` for a sub order. */
  path: string;
  /** Whether the end customer holds the Primary blocks (default false). */
  endCustomerIsPrimary: boolean;
  source: RoleSource;
  /** The order object itself. */
  order: Readonly<Record<string, unknown>>;
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


// Keys are walked with `for...in`, not `Object.keys`: on the objects JSON.parse makes (own
// properties only, a plain prototype), V8 reads `obj[key]` inside a for-in from its enum cache, about
// five times faster than the generic keyed load after Object.keys, and allocates no key array; every
// address block of every validated order is walked.

/** The orders of `doc` (the payload and its sub orders), or none when `doc` is not an order. */
export function orderFields(doc: unknown): OrderFields[] {
  return orderPlaces(doc).map(fieldsOfOrder);
}

/** The orders of `doc` with their roles, in document order, their values not yet gathered. */
export function orderPlaces(doc: unknown): OrderPlace[] {
  if (!isObject(doc) || !isOrder(doc)) return [];
  return collectOrders(doc);
}

/** The address blocks and URLs of one order. */
export function fieldsOfOrder(place: OrderPlace): OrderFields {
  const { order, path, endCustomerIsPrimary, source } = place;
  return { path, endCustomerIsPrimary, source, blocks: addressBlocks(order, path, endCustomerIsPrimary), urls: orderUrls(order, path) };
}

/** Where a value sits, for `everyValue`: an address block of the given role, or a URL. */
export type ValuePlace = BlockRole | 'url';

/**
 * Whether `test` holds for every value `fieldsOfOrder(place)` lists (its blocks' values with their
 * block's role, then its URLs), stopping at the first that fails. The values are read in place: no
 * FieldValue, block or pointer is built, which is what bulk validation pays for on orders that leave
 * nothing to note.
 */
export function everyValue(place: OrderPlace, test: (value: string, where: ValuePlace) => boolean): boolean {
  const order = place.order;
  // The blocks by name, not by walking the order's keys: the order they come in does not matter here,
  // and the key findKey picks for a name is the one addressBlocks takes (an exact-case key is found
  // without walking the order's some 60 keys).
  for (let b = 0; b < BLOCK_NAMES.length; b++) {
    const name = BLOCK_NAMES[b];
    const block = getProp(order, name);
    if (isObject(block) && !everyBlockValue(block, blockRole(name, place.endCustomerIsPrimary), test)) return false;
  }
  const intl = getProp(order, 'InternationalDetails');
  if (!isObject(intl)) return true;
  if (!everyUrl(intl, test)) return false;
  const parcels = getProp(intl, 'ParcelsTracking');
  if (!Array.isArray(parcels)) return true;
  for (let i = 0; i < parcels.length; i++) if (isObject(parcels[i]) && !everyUrl(parcels[i], test)) return false;
  return true;
}

/** Whether `test` holds for every value of `block` (see blockFields). */
function everyBlockValue(block: Json, role: BlockRole, test: (value: string, where: ValuePlace) => boolean): boolean {
  for (const key in block) {
    const value = block[key];
    if (typeof value === 'string' && !isCodeField(key) && !test(value, role)) return false;
  }
  return true;
}

/** Whether `test` holds for every URL of `obj` (see urlFields). */
function everyUrl(obj: Json, test: (value: string, where: ValuePlace) => boolean): boolean {
  for (const key in obj) {
    // The key first: reading a number (InternationalDetails holds a dozen prices) boxes it anew.
    if (!endsWithUrl(key)) continue;
    const value = obj[key];
    if (typeof value === 'string' && !test(value, 'url')) return false;
  }
  return true;
}

/** An order has OrderId, MerchantGUID or one of the address blocks (any casing); a cart has productsList. */
function isOrder(doc: Json): boolean {
  if (findKey(doc, 'productsList') !== undefined) return false;
  for (const name of ORDER_KEYS) if (findKey(doc, name) !== undefined) return true;
  return false;
}

/** The order's own flag (`true` or the string "true" is true), or why it has none. */
function ownRole(order: Json): boolean | 'no-flag' | 'no-customer' {
  const customer = getProp(order, 'Customer');
  if (!isObject(customer)) return 'no-customer';
  const flag = getProp(customer, 'IsEndCustomerPrimary');
  if (flag === undefined || flag === null) return 'no-flag';
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
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
  const code = CODE_FIELD_BY_LENGTH[key.length];
  // The documented casing first: JSON.parse interns keys, so it is one pointer comparison.
  return code !== undefined && (key === code.name || equalsIgnoringCase(key, code.lower));
}

/**
 * Whether `key` is `lower` (lower-case ASCII letters and digits) in any casing. Compared from the end:
 * the address keys as long as a code field (CountryName, FirstName) differ there first.
 */
function equalsIgnoringCase(key: string, lower: string): boolean {
  if (key.length !== lower.length) return false;
  for (let i = lower.length - 1; i >= 0; i--) {
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
    if (!endsWithUrl(key)) continue;
    const value = obj[key];
    if (typeof value === 'string') fields.push(new LazyField(base, key, value));
  }
  return fields;
}

/** Whether `key` ends in "url", any casing (without a regular expression: it runs on every key). */
function endsWithUrl(key: string): boolean {
  const n = key.length;
  return n >= 3 && (key.charCodeAt(n - 1) | 32) === 108 && (key.charCodeAt(n - 2) | 32) === 114 && (key.charCodeAt(n - 3) | 32) === 117;
}

/**
 * The documented name of the block `key` holds in `order`, or undefined when `key` is no block's or
 * not the key findKey picks for its block (another casing beside the documented one, which wins).
 */
function blockNameOf(order: Json, key: string): BlockName | undefined {
  // Most of an order's keys are told apart by first letter (P or S, any case) and length, unlowered.
  const first = key.charCodeAt(0) | 32;
  if (first !== 112 && first !== 115) return undefined;
  const name = BLOCK_BY_LENGTH.get(key.length);
  if (name === undefined || !sameLowerCase(key, name)) return undefined;
  return findKey(order, name) === key ? name : undefined;
}

function blockRole(name: BlockName, primary: boolean): BlockRole {
  return name.startsWith('Primary') === primary ? 'end-customer' : 'hub';
}

/** The address blocks of one order, in document order, with their roles. */
function addressBlocks(order: Json, base: string, primary: boolean): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  for (const key in order) {
    const name = blockNameOf(order, key);
    const block = order[key];
    if (name === undefined || !isObject(block)) continue;
    const path = joinPointer(base, key);
    blocks.push({ path, name, role: blockRole(name, primary), fields: blockFields(block, path) });
  }
  return blocks;
}

/** The InternationalDetails URLs of one order, ParcelsTracking entries included. */
function orderUrls(order: Json, base: string): FieldValue[] {
  const intlKey = findKey(order, 'InternationalDetails');
  const intl = intlKey === undefined ? undefined : order[intlKey];
  if (!isObject(intl)) return [];
  const intlBase = joinPointer(base, intlKey!);
  const urls = urlFields(intl, intlBase);
  const parcelsKey = findKey(intl, 'ParcelsTracking');
  const parcels = parcelsKey === undefined ? undefined : intl[parcelsKey];
  if (Array.isArray(parcels)) {
    parcels.forEach((entry, i) => {
      if (isObject(entry)) urls.push(...urlFields(entry, joinPointer(intlBase, parcelsKey!, i)));
    });
  }
  return urls;
}

/**
 * The order and its sub orders (a sub order without its own flag inherits its parent's role). Sub
 * orders go through a work list, not recursion: Subs may nest as deep as a hostile sender likes.
 * Built for every validated order, so an order without sub orders (nearly all) costs its place, a
 * one-element list and an empty work list.
 */
function collectOrders(top: Json): OrderPlace[] {
  const first = placeOf(top, '', undefined);
  const out = [first];
  const work: SubOrder[] = [];
  for (let place: OrderPlace | undefined = first; place; ) {
    pushSubs(place, work);
    const next = work.pop();
    place = next && placeOf(next.order, next.base, next.parent);
    if (place) out.push(place);
  }
  return out;
}

/** The place of `order` at `base`, its role its own flag's or else its parent's. */
function placeOf(order: Json, base: string, parent: OrderPlace | undefined): OrderPlace {
  const own = ownRole(order);
  if (typeof own === 'boolean') return { path: base, endCustomerIsPrimary: own, source: 'flag', order };
  if (parent) return { path: base, endCustomerIsPrimary: parent.endCustomerIsPrimary, source: parent.source === 'flag' ? 'inherited' : parent.source, order };
  return { path: base, endCustomerIsPrimary: false, source: own, order };
}

/** A sub order waiting on the work list of collectOrders. */
interface SubOrder {
  order: Json;
  base: string;
  parent: OrderPlace;
}

/** Puts the sub orders of `place` on the work list, last to first so they come off it in document order. */
function pushSubs(place: OrderPlace, work: SubOrder[]): void {
  const key = findKey(place.order, 'Subs');
  if (key === undefined) return;
  const subs = place.order[key];
  if (!Array.isArray(subs)) return;
  for (let i = subs.length - 1; i >= 0; i--) {
    const sub = subs[i];
    if (isObject(sub)) work.push({ order: sub, base: joinPointer(place.path, key, i), parent: place });
  }
}

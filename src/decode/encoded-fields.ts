/**
 * Which fields of a payload the interface says travel URL-encoded, as JSON pointers. Property names
 * are matched case-insensitively because the wire casing varies (`userDetails` / `UserDetails`).
 */
import { joinPointer } from '../validation/pointer.js';

/**
 * Address fields that are ISO codes, not free text: never decoded by the interface rule. Zip is not
 * among them: the platform encodes every string of the end customer's address, and postcodes carry
 * spaces (`BN1+3XA` is `BN1 3XA`).
 */
const CODE_FIELDS = new Set(['statecode', 'countrycode', 'countrycode3']);

/** Cart-side identifiers the merchant chose; not end-customer free text. */
const CART_ID_FIELDS = new Set(['userid']);

type Json = Record<string, unknown>;

/** The JSON pointers of every string the interface says is URL-encoded in `doc`. */
export function encodedFieldPaths(doc: unknown): Set<string> {
  const paths = new Set<string>();
  if (!isObject(doc)) return paths;
  if (isOrder(doc)) addOrder(doc, '', paths, undefined);
  else if (isCart(doc)) addCart(doc, '', paths);
  return paths;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An order has OrderId or MerchantGUID (any casing). */
function isOrder(doc: Json): boolean {
  return findKey(doc, 'OrderId') !== undefined || findKey(doc, 'MerchantGUID') !== undefined;
}

/** A cart response has productsList or one of the user/address blocks. */
function isCart(doc: Json): boolean {
  return ['productsList', 'userDetails', 'shippingDetails', 'billingDetails'].some((k) => findKey(doc, k) !== undefined);
}

/** The actual key in `obj` matching `name` case-insensitively (exact match preferred). */
function findKey(obj: Json, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}

function child(obj: Json, name: string): { key: string; value: unknown } | undefined {
  const key = findKey(obj, name);
  return key === undefined ? undefined : { key, value: obj[key] };
}

/** Whether the end customer holds the primary blocks: `true` (or the string "true"); default false. */
function endCustomerIsPrimary(order: Json): boolean | undefined {
  const customer = child(order, 'Customer')?.value;
  if (!isObject(customer)) return undefined;
  const flag = child(customer, 'IsEndCustomerPrimary')?.value;
  if (flag === undefined || flag === null) return undefined;
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
}

/** Every string field of an address block except the codes (and `skip`). */
function addAddressBlock(block: unknown, base: string, paths: Set<string>, skip: Set<string> = new Set()): void {
  if (!isObject(block)) return;
  for (const [key, value] of Object.entries(block)) {
    const lower = key.toLowerCase();
    if (typeof value === 'string' && !CODE_FIELDS.has(lower) && !skip.has(lower)) paths.add(joinPointer(base, key));
  }
}

/** Strings under a key ending in "Url" (any casing). */
function addUrlFields(obj: Json, base: string, paths: Set<string>): void {
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value === 'string' && /url$/i.test(key)) paths.add(joinPointer(base, key));
  }
}

/**
 * An order: the end customer's shipping and billing blocks, the InternationalDetails URLs, and the
 * same for each sub order (a sub order without its own Customer inherits its parent's role). Sub
 * orders go through a work list, not recursion: Subs may nest as deep as a hostile sender likes.
 */
function addOrder(top: Json, topBase: string, paths: Set<string>, topInherited: boolean | undefined): void {
  const work: { order: Json; base: string; inherited: boolean | undefined }[] = [{ order: top, base: topBase, inherited: topInherited }];
  for (let item = work.pop(); item; item = work.pop()) {
    const { order, base } = item;
    const primary = endCustomerIsPrimary(order) ?? item.inherited ?? false;
    const blocks = primary ? ['PrimaryShipping', 'PrimaryBilling'] : ['SecondaryShipping', 'SecondaryBilling'];
    for (const name of blocks) {
      const found = child(order, name);
      if (found) addAddressBlock(found.value, joinPointer(base, found.key), paths);
    }
    const intl = child(order, 'InternationalDetails');
    if (intl && isObject(intl.value)) {
      const intlBase = joinPointer(base, intl.key);
      addUrlFields(intl.value, intlBase, paths);
      const parcels = child(intl.value, 'ParcelsTracking');
      if (parcels && Array.isArray(parcels.value)) {
        parcels.value.forEach((entry, i) => {
          if (isObject(entry)) addUrlFields(entry, joinPointer(intlBase, parcels.key, i), paths);
        });
      }
    }
    const subs = child(order, 'Subs');
    if (subs && Array.isArray(subs.value)) {
      subs.value.forEach((sub, i) => {
        if (isObject(sub)) work.push({ order: sub, base: joinPointer(base, subs.key, i), inherited: primary });
      });
    }
  }
}

/** A cart response: userDetails and its AddressDetails entries, shippingDetails, billingDetails. */
function addCart(cart: Json, base: string, paths: Set<string>): void {
  const user = child(cart, 'userDetails');
  if (user && isObject(user.value)) {
    const userBase = joinPointer(base, user.key);
    addAddressBlock(user.value, userBase, paths, CART_ID_FIELDS);
    const addresses = child(user.value, 'AddressDetails');
    if (addresses && Array.isArray(addresses.value)) {
      addresses.value.forEach((entry, i) => addAddressBlock(entry, joinPointer(userBase, addresses.key, i), paths, CART_ID_FIELDS));
    }
  }
  for (const name of ['shippingDetails', 'billingDetails']) {
    const found = child(cart, name);
    if (found) addAddressBlock(found.value, joinPointer(base, found.key), paths, CART_ID_FIELDS);
  }
}

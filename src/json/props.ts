/**
 * Case-insensitive property access for wire payloads. The platform's parser is .NET and treats
 * property names case-insensitively (`OrderID` in the cart POST body, `OrderId` in orders), so a
 * conforming merchant must read them the same way.
 */

/** A JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The key of `obj` that equals `name` ignoring case (exact match preferred), or undefined. `name` is
 * one of the interface's names (ASCII), so only keys of its length can match. A miss compares those
 * letter by letter: an order has some 60 keys and is asked for several absent names (productsList,
 * Subs...) for every document of a bulk run, and lower-casing every key cost more than the rule that asked.
 */
export function findKey(obj: JsonObject, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const length = name.length;
  for (const key in obj) if (key.length === length && sameLowerCase(key, name)) return key;
  return undefined;
}

/**
 * Whether `key.toLowerCase() === name.toLowerCase()` for two strings of the same length, without
 * lower-casing either while both are ASCII. A non-ASCII character may lower-case to ASCII (the Kelvin
 * sign to `k`): from the first one on, the comparison is left to toLowerCase.
 */
export function sameLowerCase(key: string, name: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const got = key.charCodeAt(i);
    const want = name.charCodeAt(i);
    if (got >= 128 || want >= 128) return key.toLowerCase() === name.toLowerCase();
    if (got !== want && asciiLower(got) !== asciiLower(want)) return false;
  }
  return true;
}

function asciiLower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/** The value of `obj[name]`, name matched ignoring case. */
export function getProp(obj: JsonObject, name: string): unknown {
  const key = findKey(obj, name);
  return key === undefined ? undefined : obj[key];
}

/** A non-empty string value of `obj[name]` (numbers written as text are common too), else undefined. */
export function getString(obj: JsonObject, name: string): string | undefined {
  const value = getProp(obj, name);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A number from a number or a numeric string (`"170.10"`, `"3"`), else undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

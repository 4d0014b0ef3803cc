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

/** The key of `obj` that equals `name` ignoring case (exact match preferred), or undefined. */
export function findKey(obj: JsonObject, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
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

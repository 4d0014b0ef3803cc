/** Small defensive readers the rules share (documents may be malformed anywhere). */
import { joinPointer } from '../validation/pointer.js';

export { joinPointer };
export { clipped, quoted, received } from '../validation/shown.js';

/** A plain object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** An array, or an empty one. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A finite number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** True when a value was sent: not absent, not null, not an empty or blank string. */
export function isGiven(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** A non-blank string, or undefined. */
export function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Each object item of an array at `doc[key]`, with its pointer. */
export function objectItems(doc: Record<string, unknown> | undefined, key: string, base = ''): { item: Record<string, unknown>; path: string }[] {
  const out: { item: Record<string, unknown>; path: string }[] = [];
  const list = asArray(doc?.[key]);
  // The array's pointer once, each item's index appended to it (as joinPointer would write it).
  const listPath = list.length > 0 ? joinPointer(base, key) : '';
  for (let i = 0; i < list.length; i++) {
    const item = asObject(list[i]);
    if (item) out.push({ item, path: `${listPath}/${i}` });
  }
  return out;
}

/** The non-blank string values of `field` in the object items of `list`, in order, each once. */
export function itemTexts(list: unknown[], field: string): Set<string> {
  const texts = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const text = asText(asObject(list[i])?.[field]);
    if (text !== undefined) texts.add(text);
  }
  return texts;
}

/**
 * `merchants` in the config file: many merchants, each a named entry with any of the single
 * merchant's keys. A run of one of them reads the file as if the entry's keys were written at the
 * top level (merchant, platform and giftCard key by key, every other key as a whole), so the rest of
 * the chain (XBORDER_* variables, flags, the schema and semantic checks) treats it like any config.
 * A `${NAME}` of an entry matters only when that entry runs: a nightly `check --all` is not stopped
 * by one merchant's missing secret, and a plain `check` by none.
 */
import { UsageError } from '../errors.js';
import { didYouMean } from '../did-you-mean.js';
import { FLAG_POINTERS } from './layered-validation.js';
import type { ConfigFlags } from './overrides.js';

/** The keys merged key by key (objects); every other key of an entry replaces the top level's. */
const MERGED_OBJECTS = new Set(['merchant', 'platform', 'giftCard']);

/**
 * A place inside one entry's values (a JSON pointer, or a problem line starting with one):
 * `/merchants/3/auth/0/value` -> 3. The entry itself and its name are not: a list whose entries
 * cannot be told apart concerns every run.
 */
const ENTRY_VALUE_POINTER = /^\/merchants\/(\d+)\/(?!name(?:[/:]|$))/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of a parsed config file, as written (an absent or malformed list is none). */
function entriesOf(doc: unknown): Record<string, unknown>[] {
  const list = isObject(doc) ? doc.merchants : undefined;
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** The names of the file's merchants, in the file's order. */
export function merchantNamesOf(doc: unknown): string[] {
  return entriesOf(doc).flatMap((e) => (typeof e.name === 'string' ? [e.name] : []));
}

/** Where entry `name` stands in the file's list, or -1. */
function entryIndex(doc: unknown, name: string): number {
  const list = isObject(doc) && Array.isArray(doc.merchants) ? doc.merchants : [];
  return list.findIndex((e) => isObject(e) && e.name === name);
}

/**
 * The file as a run of merchant `name` reads it: the top level with the entry's keys over it, the
 * list itself left out. Without a name, the top level alone. Pure; `doc` is not changed.
 */
export function documentForMerchant(doc: unknown, name: string | undefined): unknown {
  if (!isObject(doc)) return doc;
  const { merchants: _list, ...top } = doc;
  if (name === undefined) return top;
  const entry = entriesOf(doc).find((e) => e.name === name);
  if (!entry) return top;
  const merged: Record<string, unknown> = { ...top };
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'name') continue;
    merged[key] = MERGED_OBJECTS.has(key) && isObject(value) && isObject(top[key]) ? { ...top[key], ...value } : value;
  }
  return merged;
}

/**
 * Whether a problem found at JSON pointer `path` (or a problem line starting with it) concerns the
 * run: anything outside the entries' values does, and among them only those of the merchant that
 * runs (`selected`). An unset `${NAME}` in another
 * merchant's entry, and the schema's complaint about the reference left in its place, are that
 * merchant's business, said when it runs.
 */
export function concernsRun(path: string, doc: unknown, selected: string | undefined): boolean {
  const at = ENTRY_VALUE_POINTER.exec(path);
  if (!at) return true;
  return selected !== undefined && Number(at[1]) === entryIndex(doc, selected);
}

/** Whether `entry` sets the value at JSON pointer `pointer` (`/merchant/baseUrl`). */
function sets(entry: Record<string, unknown>, pointer: string): boolean {
  let value: unknown = entry;
  for (const step of pointer.split('/').slice(1)) {
    if (!isObject(value) || !(step in value)) return false;
    value = value[step];
  }
  return value !== undefined;
}

/**
 * The `XBORDER_*` settings a run of merchant `name` takes: those its entry does not set. The
 * variables stand for the top level (a CI job has one environment for every merchant), and an
 * entry's own value is the more specific; flags, given for the run, still win over the entry.
 */
export function envForMerchant(flags: ConfigFlags, doc: unknown, name: string | undefined): ConfigFlags {
  const entry = name === undefined ? undefined : entriesOf(doc).find((e) => e.name === name);
  if (!entry) return flags;
  return Object.fromEntries(Object.entries(flags).filter(([key]) => !sets(entry, FLAG_POINTERS[key as keyof ConfigFlags]))) as ConfigFlags;
}

/** What the list itself gets wrong (a name used twice), as config problems. */
export function merchantListProblems(doc: unknown): string[] {
  const names = merchantNamesOf(doc);
  const twice = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  return twice.map((n) => `merchants: the name ${JSON.stringify(n)} is used by ${names.filter((x) => x === n).length} entries; each merchant needs its own name (its runs are saved under .xborder/runs/NAME/)`);
}

/** How a command chose its merchants: `--merchants a,b`, `--all` or `--merchant-index N`. */
export interface MerchantSelection {
  merchants?: string;
  all?: boolean;
  merchantIndex?: string;
}

/** Whether any of the selection flags was given. */
export function selectsMerchants(selection: MerchantSelection): boolean {
  return selection.merchants !== undefined || selection.all === true || selection.merchantIndex !== undefined;
}

/**
 * The names the selection picks from `names` (the file's list, in its order). A name not in the list
 * or an index past its end is a UsageError naming what there is; so is a selection with no list.
 */
export function selectMerchants(selection: MerchantSelection, names: readonly string[], source: string | undefined): string[] {
  const given = [selection.merchants !== undefined && '--merchants', selection.all && '--all', selection.merchantIndex !== undefined && '--merchant-index'].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} each choose the merchants to run: give one of them.`);
  const where = source ?? 'the configuration';
  if (names.length === 0) throw new UsageError(`${given[0]}: ${where} lists no merchants; add a "merchants" list (each entry a "name" and the keys that differ from the top level), or run the top level with plain \`xborder check\`.`);
  if (selection.all) return [...names];
  if (selection.merchantIndex !== undefined) {
    const index = Number(selection.merchantIndex);
    if (!/^\d+$/.test(selection.merchantIndex.trim()) || !Number.isSafeInteger(index)) throw new UsageError(`--merchant-index: expected a whole number from 0 (the first merchant), got ${JSON.stringify(selection.merchantIndex)}.`);
    if (index >= names.length) throw new UsageError(`--merchant-index ${index}: ${where} lists ${names.length} merchant${names.length === 1 ? '' : 's'} (indexes 0 to ${names.length - 1}); is the Job's completions count the length of \`xborder merchants\`?`);
    return [names[index]!];
  }
  const wanted = (selection.merchants ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  if (wanted.length === 0) throw new UsageError(`--merchants: name at least one merchant of ${where} (\`xborder merchants\` lists them).`);
  const unknown = wanted.filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    const first = unknown[0]!;
    throw new UsageError(`--merchants: ${unknown.map((n) => JSON.stringify(n)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the merchants of ${where}.${didYouMean(first, names)} \`xborder merchants\` lists the ${names.length}.`);
  }
  return [...new Set(wanted)];
}

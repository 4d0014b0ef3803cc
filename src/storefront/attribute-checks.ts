/**
 * The storefront attributes judged (public-facts, "Storefront data attributes"):
 * - `storefront-countries`: `data-countries` is JSON (the documentation's own quoting mistake named
 *   as such), keyed by ISO 3166-1 alpha-2 codes or `all`, each value an object whose `restricted`
 *   and `forbidden` are booleans and whose `vat` is a percentage from 0 to 100; other keys are info;
 * - `storefront-pc`: `data-pc` is a non-empty product class code;
 * - `storefront-manipulate`: `data-manipulate` is JSON keyed by country codes (or `all`);
 * - `storefront-switcher`: where the country switcher goes (information).
 * Every finding names its element: tag, id or CSS path, product, line.
 */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from '../checks/result.js';
import { isCountryCode } from '../rules/iso-codes.js';
import type { StorefrontElement } from './elements.js';

/** How an element is named in a finding. */
export function elementLabel(e: StorefrontElement): string {
  return `<${e.name}>${e.product ? ` (${e.product})` : ''}${e.line ? ` at line ${e.line}` : ''}`;
}

/** The line and column of `offset` in `text` (both from 1). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/** JSON.parse, or where and why it failed. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; where: string; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    return { ok: false, where: lineColumn(text, offset), reason: message.replace(/^Unexpected token/, 'unexpected character').replace(/ in JSON at position \d+.*$/, '') };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A country key: an ISO code (upper case, as documented) or `all`. */
function keyProblem(key: string): string | undefined {
  if (key === 'all') return undefined;
  if (/^[A-Z]{2}$/.test(key) && isCountryCode(key)) return undefined;
  if (/^[a-z]{2}$/.test(key) && isCountryCode(key.toUpperCase())) return `key "${key}" is written in lower case; the codes are upper case ("${key.toUpperCase()}")`;
  return `key "${key}" is not an ISO 3166-1 alpha-2 country code or "all"`;
}

/** The value of a JSON attribute, or the finding that says why it is none. */
function jsonAttribute(e: StorefrontElement, name: string): { value?: unknown; finding?: Finding } {
  const raw = e.attributes.get(name)!;
  const parsed = parseJson(raw);
  if (parsed.ok) return { value: parsed.value };
  if (e.spilled.length > 0) {
    return {
      finding: {
        message: `${name} of ${elementLabel(e)} is cut at its first inner quote (plain " inside a "-quoted attribute, as in the documentation's own sample): the page holds ${name}="${raw}" and stray attributes ${e.spilled.map((s) => `«${s}»`).join(' ')}; write the quotes as &quot; or quote the attribute with single quotes`,
        expected: `${name}='{"IT":{"vat":10}}' or ${name}="{&quot;IT&quot;:{&quot;vat&quot;:10}}"`,
        actual: raw,
      },
    };
  }
  return { finding: { message: `${name} of ${elementLabel(e)} is not JSON: ${parsed.reason} at ${parsed.where} of the value`, expected: 'a JSON object', actual: raw } };
}

/** `storefront-countries` over the elements that carry it. */
export function judgeCountries(elements: StorefrontElement[]): CheckResult | undefined {
  const carrying = elements.filter((e) => e.attributes.has('data-countries'));
  if (carrying.length === 0) return undefined;
  const findings: Finding[] = [];
  for (const e of carrying) {
    const { value, finding } = jsonAttribute(e, 'data-countries');
    if (finding) {
      findings.push(finding);
      continue;
    }
    if (!isObject(value)) {
      findings.push({ message: `data-countries of ${elementLabel(e)} is JSON but not an object keyed by country`, expected: 'an object', actual: value });
      continue;
    }
    for (const [key, rules] of Object.entries(value)) {
      const problem = keyProblem(key);
      if (problem) findings.push({ message: `data-countries of ${elementLabel(e)}: ${problem}`, expected: 'an ISO 3166-1 alpha-2 code or "all"', actual: key });
      if (!isObject(rules)) {
        findings.push({ message: `data-countries of ${elementLabel(e)}: the value of "${key}" is not an object`, expected: '{"restricted": ..., "forbidden": ..., "vat": ...}', actual: rules });
        continue;
      }
      for (const [name, v] of Object.entries(rules)) {
        if (name === 'restricted' || name === 'forbidden') {
          if (typeof v !== 'boolean') findings.push({ message: `data-countries of ${elementLabel(e)}: "${key}".${name} must be true or false`, expected: 'a boolean', actual: v });
        } else if (name === 'vat') {
          if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100) findings.push({ message: `data-countries of ${elementLabel(e)}: "${key}".vat must be a percentage from 0 to 100`, expected: 'a number from 0 to 100', actual: v });
        } else {
          findings.push({ severity: 'info', message: `data-countries of ${elementLabel(e)}: "${key}".${name} is not a documented key (restricted, forbidden, vat)`, actual: name });
        }
      }
    }
  }
  return checkFrom('storefront-countries', findings);
}

/** `storefront-pc`. */
export function judgeProductClasses(elements: StorefrontElement[]): CheckResult | undefined {
  const carrying = elements.filter((e) => e.attributes.has('data-pc'));
  if (carrying.length === 0) return undefined;
  const findings: Finding[] = carrying
    .filter((e) => e.attributes.get('data-pc')!.trim() === '')
    .map((e) => ({ message: `data-pc of ${elementLabel(e)} is empty: it must name the product's class (its ProductClassCode)`, expected: 'a product class code (extra-charge)', actual: e.attributes.get('data-pc') }));
  return checkFrom('storefront-pc', findings);
}

/** `storefront-manipulate`. */
export function judgeManipulate(elements: StorefrontElement[]): CheckResult | undefined {
  const carrying = elements.filter((e) => e.attributes.has('data-manipulate'));
  if (carrying.length === 0) return undefined;
  const findings: Finding[] = [];
  for (const e of carrying) {
    const { value, finding } = jsonAttribute(e, 'data-manipulate');
    if (finding) findings.push(finding);
    else if (!isObject(value)) findings.push({ message: `data-manipulate of ${elementLabel(e)} is JSON but not an object keyed by country`, expected: 'an object', actual: value });
    else {
      for (const key of Object.keys(value)) {
        const problem = keyProblem(key);
        if (problem) findings.push({ message: `data-manipulate of ${elementLabel(e)}: ${problem}`, expected: 'an ISO 3166-1 alpha-2 code', actual: key });
      }
    }
  }
  return checkFrom('storefront-manipulate', findings);
}

/** `storefront-switcher`: information only. */
export function judgeSwitcher(elements: StorefrontElement[]): CheckResult {
  const flagged = elements.filter((e) => e.attributes.has('data-ge-shippingswitcher-flag') || e.attributes.has('data-ge-mobile-shippingswitcher-flag'));
  const findings: Finding[] = flagged.length
    ? flagged.map((e) => ({ severity: 'info' as const, message: `the country switcher goes in ${elementLabel(e)}${e.attributes.has('data-ge-mobile-shippingswitcher-flag') ? ' (mobile)' : ''}` }))
    : [{ severity: 'info', message: 'no element carries data-ge-shippingswitcher-flag: the platform places its country switcher itself' }];
  return { id: 'storefront-switcher', status: 'passed', findings };
}

/** The product class codes the page's elements name. */
export function pageClassCodes(elements: StorefrontElement[]): Map<string, StorefrontElement[]> {
  const codes = new Map<string, StorefrontElement[]>();
  for (const e of elements) {
    const code = e.attributes.get('data-pc')?.trim();
    if (code) codes.set(code, [...(codes.get(code) ?? []), e]);
  }
  return codes;
}

/**
 * The notes decoding leaves, as findings (JSON pointers, severities): `decode` shows them and the
 * `end-customer-encoding` rule reports them, so `validate` says what `decode` sees. Messages never
 * quote the value itself: it goes in `actual`, where reports mask and cut it.
 */
import type { Finding } from '../model.js';
import { clipped } from '../validation/shown.js';
import type { AddressBlock, FieldValue, RoleSource } from './encoded-fields.js';
import { formEncode, formDecode, type DecodeValueResult } from './form-decode.js';
import { unencodedCharacter } from './evidence.js';

/** What the role of an order's blocks rests on, as a note says it. */
function flagPhrase(primary: boolean, source: RoleSource): string {
  switch (source) {
    case 'flag':
      return `Customer.IsEndCustomerPrimary is ${primary}`;
    case 'inherited':
      return `the mixed order's Customer.IsEndCustomerPrimary is ${primary}`;
    case 'no-flag':
      return 'Customer.IsEndCustomerPrimary is not given (false by default)';
    case 'no-customer':
      return 'the order has no Customer (IsEndCustomerPrimary is false by default)';
  }
}

/**
 * A hub block (by the flag) that carries form-encoded values: the platform does not encode its own
 * hub address, so the blocks are most likely swapped. The values were decoded where the evidence is.
 */
export function hubBlockNote(block: AddressBlock, primary: boolean, source: RoleSource, encodedPaths: string[]): Finding {
  const endPair = primary ? 'Primary' : 'Secondary';
  const names = encodedPaths.map((p) => p.slice(block.path.length + 1));
  return {
    path: block.path,
    message: `${block.name} carries form-encoded values although ${flagPhrase(primary, source)} (the ${endPair} blocks should be the end customer's): decoded by evidence`,
    expected: `the hub's values raw, the end customer's encoded in the ${endPair} blocks`,
    actual: `form-encoded: ${names.join(', ')}`,
    severity: 'info',
  };
}

/** What a value has that the platform would have encoded, and how the platform writes it. */
function describeUnencoded(char: string): string {
  if (char === ' ') return 'a literal space (the platform writes + or %20)';
  const shown = char === '\r' || char === '\n' || char === '\t' ? `a literal ${JSON.stringify(char)}` : `a raw "${char}"`;
  return `${shown} (the platform writes ${formEncode(char)})`;
}

/** The start of a value form-encoded (enough for a finding; a value may be megabytes). */
function encodedStart(raw: string): unknown {
  let head = raw.length > 200 ? raw.slice(0, 200) : raw;
  // Not half a surrogate pair: it would encode as U+FFFD.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return clipped(formEncode(head) + (head.length < raw.length ? '…' : ''));
}

/**
 * An end customer's value sent as is where the platform would have encoded it (a literal space, a raw
 * `@`): real payloads show it, so it is information, not a fault. Undefined when encoding would not
 * change the value (`Berlin`), since then nothing tells encoded from raw.
 */
export function unencodedNote(field: FieldValue): Finding | undefined {
  const raw = field.value;
  const char = unencodedCharacter(raw);
  if (char === undefined) return undefined;
  const path = field.path;
  // Real phones arrive so (` 972 73 204 1384`): someone form-decoded the `+` of `+972` on the way.
  const upstream = /^ \d/.test(raw) ? '; its leading space is likely a + decoded upstream' : '';
  return {
    path,
    message: `the end customer's value is not URL-encoded: it has ${describeUnencoded(char)}; shown unchanged${upstream}`,
    expected: encodedStart(raw),
    actual: clipped(raw),
    severity: 'info',
  };
}

/** The notes on one decoded value: encoded twice (warning), bad `%` sequences kept as written (warning). */
export function valueNotes(path: string, raw: string, result: DecodeValueResult): Finding[] {
  const notes: Finding[] = [];
  if (result.doubleEncoded) {
    notes.push({
      path,
      message: 'URL-encoded twice (a %25 encodes the % of an escape): decoded twice; the value should be encoded once',
      expected: clipped(formDecode(raw).value),
      actual: clipped(raw),
      severity: 'warning',
    });
  }
  if (result.issues.length > 0) {
    notes.push({
      path,
      message: `bad percent sequence kept as written: ${result.issues.join('; ')}`,
      expected: 'well-formed %XX escapes of UTF-8 bytes',
      actual: clipped(raw),
      severity: 'warning',
    });
  }
  return notes;
}

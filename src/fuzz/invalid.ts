/**
 * Invalid variants of a generated order, each breaking exactly one rule of the shipped schema (or
 * naming another merchant), so a refusal can only be for that one fault: the rest of the order is
 * the valid generated one, on a real cart when the run has them.
 */
import fc from 'fast-check';
import type { JsonObject } from '../json/props.js';
import type { RefusalCase } from '../checks/refusal.js';
import { loadKindSchema } from '../samples/schema-path.js';

/** The one rule an invalid variant breaks. */
export type InvalidRule =
  | { kind: 'no-order-id' }
  | { kind: 'wrong-guid'; guid: string }
  | { kind: 'wrong-type'; field: string; value: unknown }
  | { kind: 'over-limit'; field: string; limit: number; extra: number };

/** Top-level fields whose type is an object or an array: a string or a number there is an error, not a tolerated form. */
const WRONG_TYPES: readonly { field: string; value: unknown }[] = [
  { field: 'Products', value: 'TSHIRT-RED-M x2' },
  { field: 'Customer', value: 'end-customer' },
  { field: 'Discounts', value: { Name: 'not a list' } },
  { field: 'InternationalDetails', value: 97.35 },
  { field: 'PrimaryShipping', value: ['Fokkerweg 300'] },
  { field: 'ClearCart', value: { value: true } },
];

let limits: { field: string; limit: number }[] | undefined;

/** The top-level string fields the shipped order schema gives a maxLength, read from the schema itself. */
export function limitedFields(): { field: string; limit: number }[] {
  if (limits) return limits;
  const schema = loadKindSchema('order') as { properties?: Record<string, { maxLength?: number }> } | undefined;
  limits = Object.entries(schema?.properties ?? {}).flatMap(([field, s]) => (typeof s.maxLength === 'number' ? [{ field, limit: s.maxLength }] : []));
  return limits;
}

/** The arbitrary of broken rules. */
export function invalidRule(): fc.Arbitrary<InvalidRule> {
  const limited = limitedFields();
  return fc.oneof(
    fc.constant<InvalidRule>({ kind: 'no-order-id' }),
    fc.uuid().map((guid): InvalidRule => ({ kind: 'wrong-guid', guid })),
    fc.constantFrom(...WRONG_TYPES).map((w): InvalidRule => ({ kind: 'wrong-type', ...w })),
    fc.tuple(fc.constantFrom(...limited), fc.integer({ min: 1, max: 50 })).map(([l, extra]): InvalidRule => ({ kind: 'over-limit', field: l.field, limit: l.limit, extra })),
  );
}

/** `order` with `rule` broken. */
export function breakRule(order: JsonObject, rule: InvalidRule): JsonObject {
  const broken: JsonObject = { ...order };
  switch (rule.kind) {
    case 'no-order-id':
      delete broken.OrderId;
      break;
    case 'wrong-guid':
      broken.MerchantGUID = rule.guid;
      break;
    case 'wrong-type':
      broken[rule.field] = rule.value;
      break;
    case 'over-limit':
      broken[rule.field] = 'X'.repeat(rule.limit + rule.extra);
      break;
  }
  return broken;
}

/** What the merchant must refuse, as the refusal judge names it. */
export function refusalOf(rule: InvalidRule): RefusalCase {
  switch (rule.kind) {
    case 'no-order-id':
      return { id: 'rejects-invalid-order', what: 'no OrderId (required)' };
    case 'wrong-guid':
      return { id: 'guid-enforced', what: `another merchant's MerchantGUID ${rule.guid}` };
    case 'wrong-type':
      return { id: 'rejects-invalid-order', what: `${rule.field} of the wrong type (${JSON.stringify(rule.value)})` };
    case 'over-limit':
      return { id: 'rejects-invalid-order', what: `${rule.field} of ${rule.limit + rule.extra} characters (at most ${rule.limit})` };
  }
}

/** A short name of the rule, for case variants. */
export function ruleLabel(rule: InvalidRule): string {
  switch (rule.kind) {
    case 'no-order-id':
      return 'no OrderId';
    case 'wrong-guid':
      return 'wrong MerchantGUID';
    case 'wrong-type':
      return `${rule.field} wrong type`;
    case 'over-limit':
      return `${rule.field} over ${rule.limit}`;
  }
}

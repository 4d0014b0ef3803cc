/**
 * Whether a refusal says "this is a duplicate": an explicit "already exists", "duplicate" or
 * "already ordered" answer to a copy of an order or a refund. "Does not exist" must not count.
 */

const DUPLICATE = /duplicat|already/i;
const EXISTS = /\bexists?\b/i;
const NEGATED_EXISTS = /\b(not|n't|no longer)\s+exists?\b/i;

/** True when `text` (a refusal's message and description) says the request is a duplicate. */
export function saysDuplicate(text: string): boolean {
  return DUPLICATE.test(text) || (EXISTS.test(text) && !NEGATED_EXISTS.test(text));
}

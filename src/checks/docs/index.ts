/**
 * The page texts of every check, by id: why it matters, a failing and a fixed answer, the usual fix.
 * The registry attaches them to its entries; a test fails when a registered check has none.
 */
import type { CheckPage } from './types.js';
import { TRANSPORT_PAGES } from './transport-pages.js';
import { ORDER_PAGES } from './order-pages.js';
import { RACE_PAGES } from './race-pages.js';
import { ACCESS_PAGES } from './access-pages.js';
import { EVENT_PAGES } from './event-pages.js';
import { STOREFRONT_PAGES } from './storefront-pages.js';
import { ANSWER_PAGES, VALIDATE_PAGES } from './validate-pages.js';
import { RULE_PAGES } from './rule-pages.js';

export type { CheckPage } from './types.js';
export { checkDocsPath, renderCheckPage, renderCheckIndex, type PageSource } from './render.js';

/** Every page text, by check id. */
export const CHECK_PAGES: Readonly<Record<string, CheckPage>> = {
  ...TRANSPORT_PAGES,
  ...ORDER_PAGES,
  ...RACE_PAGES,
  ...ACCESS_PAGES,
  ...EVENT_PAGES,
  ...STOREFRONT_PAGES,
  ...VALIDATE_PAGES,
  ...ANSWER_PAGES,
  ...RULE_PAGES,
};

/** The page of check `id`, if one is written. */
export function pageOf(id: string): CheckPage | undefined {
  return Object.hasOwn(CHECK_PAGES, id) ? CHECK_PAGES[id] : undefined;
}

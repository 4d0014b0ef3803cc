/**
 * The race checks as plan tasks. Races are properties of the merchant's store, not of an auth mode:
 * each runs once, in the first mode, on carts of its own. A selection (`--checks`) without a race
 * check leaves its task out.
 */
import type { AuthConfig } from '../../model.js';
import { caseKey, type Task } from '../../engine/run-plan.js';
import { isSelected } from '../../checks/selection.js';
import { EVENT_SPECS } from '../events/bodies.js';
import type { MerchantContext } from '../context.js';
import { CONCURRENT_VARIANT, runConcurrentRedelivery } from './concurrent-redelivery.js';
import { RETRY_FIRST_VARIANT, RETRY_VARIANT, runRetryAfterTimeout } from './retry-after-timeout.js';
import { REFUND_ORDER_VARIANT, REFUND_VARIANT, runRefundConcurrent } from './refund-concurrent.js';

/** Copies delivered at once when `--race` does not say. */
export const DEFAULT_RACE = 4;

/** How the race tasks are made: copies at once, and the plan phase they run in. */
export interface RaceOptions {
  count?: number;
  phase: number;
}

const ORDER = 'SendOrderToMerchant';
const CART = 'GetCheckoutCartInfo';

function keys(endpoint: string, variants: string[], mode: string, cartFor: string): string[] {
  return [...variants.map((v) => caseKey(endpoint, v, mode)), caseKey(CART, `for ${cartFor}`, mode)];
}

/** The race tasks for `build` (the order the sequences post) in `auth`. */
export function raceTasks(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig, options: RaceOptions): Task[] {
  const count = options.count ?? DEFAULT_RACE;
  const mode = auth.mode;
  const tasks: Task[] = [];
  if (isSelected(ctx.selection, 'redelivery-concurrent')) {
    tasks.push({ label: `order ${count} deliveries at once [${mode}]`, phase: options.phase, keys: keys(ORDER, [CONCURRENT_VARIANT], mode, CONCURRENT_VARIANT), run: () => runConcurrentRedelivery(ctx, build, auth, count) });
  }
  if (isSelected(ctx.selection, 'redelivery-after-timeout')) {
    tasks.push({ label: `order retried after the timeout [${mode}]`, phase: options.phase, keys: keys(ORDER, [RETRY_VARIANT, RETRY_FIRST_VARIANT], mode, RETRY_VARIANT), run: () => runRetryAfterTimeout(ctx, build, auth) });
  }
  if (ctx.config.merchant.events.includes('refund') && isSelected(ctx.selection, 'refund-concurrent')) {
    const keyList = [caseKey(EVENT_SPECS.refund.endpoint, REFUND_VARIANT, mode), ...keys(ORDER, [REFUND_ORDER_VARIANT], mode, REFUND_ORDER_VARIANT)];
    tasks.push({ label: `refund ${count} copies at once [${mode}]`, phase: options.phase, keys: keyList, run: () => runRefundConcurrent(ctx, build, auth, count) });
  }
  return tasks;
}

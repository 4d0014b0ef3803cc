/**
 * The faults of concurrent and retried deliveries, as the public merchant integrations have them:
 * check-then-insert without a lock. A delivery looks the order (or the refund) up, does slow work
 * (inventory, fraud checks, payment), then inserts, so a copy that arrives in between finds nothing
 * and is applied a second time. The conforming merchant serialises deliveries per OrderId instead.
 */
import { getString, isObject } from '../../json/props.js';
import { decodePayload } from '../../decode/payload-decode.js';
import { parseJson } from './http-io.js';
import { findOrder, orderReference } from './events/common.js';
import type { MerchantStore } from './store.js';

/** Milliseconds between lookup and insert under `redelivery-race` and `refund-race`: a fraud check or a payment call. */
export const RACE_DELAY_MS = 50;

/** True for the faults whose order creation is not serialised per OrderId. */
export function racesOrders(fault: string | undefined): boolean {
  return fault === 'redelivery-race' || fault === 'slow-redelivery';
}

/**
 * What happens between an order's lookup and its insert: nothing for a conforming merchant (the
 * two are one step under its per-OrderId lock); a wait for the racing faults (`slow-redelivery`
 * takes slowMs, longer than the platform waits before it retries).
 */
export function pauseBeforeInsert(fault: string | undefined, slowMs: number): (() => Promise<void>) | undefined {
  if (fault === 'redelivery-race') return () => sleep(RACE_DELAY_MS);
  if (fault === 'slow-redelivery') return () => sleep(slowMs);
  return undefined;
}

/** The platform OrderId of a raw order body ('' when there is none): the key deliveries are serialised by. */
export function orderKeyOf(body: Buffer): string {
  const parsed = parseJson(body);
  return parsed.ok && isObject(parsed.value) ? (getString(parsed.value, 'OrderId') ?? '') : '';
}

/**
 * `refund-race`: the RefundIds the named order had when the refund arrived, read before the slow
 * part; undefined when the body names no known order (the route then answers as always).
 */
export function refundIdsAtArrival(body: Buffer, store: MerchantStore): ReadonlySet<string> | undefined {
  const parsed = parseJson(body);
  if (!parsed.ok || !isObject(parsed.value)) return undefined;
  const decoded = decodePayload(parsed.value).decoded;
  if (!isObject(decoded)) return undefined;
  const ref = orderReference(decoded);
  const order = ref ? findOrder(store, ref) : undefined;
  return order ? new Set(order.refunds.map((r) => r.refundId)) : undefined;
}

/** Resolves after `ms` milliseconds: the slow part of a racing delivery. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

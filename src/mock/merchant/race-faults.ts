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

/**
 * Under `redelivery-race` and `refund-race`, the slow part between lookup and insert (a fraud check
 * or a payment call) lasts until no copy of the same order has arrived for this many milliseconds.
 * A fixed pause made the fault's outcome depend on the machine's load: on a busy CI runner the last
 * of four copies sent at once could arrive after the first had inserted, and a run showed three
 * orders instead of four. Copies sent at once arrive well within this of each other.
 */
export const RACE_QUIET_MS = 200;

/** The longest a burst holds its copies, however often new ones arrive: a steady stream ends it too. */
export const RACE_BURST_MAX_MS = 10 * RACE_QUIET_MS;

/** The copies of one key that arrived close together: when the first and the last of them did. */
interface Burst {
  firstArrival: number;
  lastArrival: number;
  /** Settles once no copy has arrived for RACE_QUIET_MS (or RACE_BURST_MAX_MS passed); every copy waits on it. */
  over: Promise<void>;
}

/**
 * The window in which racing copies of one order miss each other: the copies of a burst all wait
 * until no copy of their key has arrived for RACE_QUIET_MS, so each inserts after all of them have
 * looked up, whatever the load; a copy after the burst's answers finds what it made. They wait on
 * one promise, so they go on in the order they arrived (copy 1 inserts first, as with a fixed pause).
 */
export class RaceWindow {
  private readonly bursts = new Map<string, Burst>();

  /** Notes a copy of `key` arriving (looking up), then waits until its burst is over. */
  pause(key: string): Promise<void> {
    const now = Date.now();
    const current = this.bursts.get(key);
    if (current) {
      current.lastArrival = now;
      return current.over;
    }
    const timing = { firstArrival: now, lastArrival: now };
    // One object: later copies move lastArrival, which waitOut reads.
    const burst: Burst = Object.assign(timing, { over: this.waitOut(key, timing) });
    this.bursts.set(key, burst);
    return burst.over;
  }

  /** Sleeps until the burst is quiet (or has lasted RACE_BURST_MAX_MS), then forgets it. */
  private async waitOut(key: string, burst: Omit<Burst, 'over'>): Promise<void> {
    const end = (): number => Math.min(burst.lastArrival + RACE_QUIET_MS, burst.firstArrival + RACE_BURST_MAX_MS);
    for (let left = RACE_QUIET_MS; left > 0; left = end() - Date.now()) await sleep(left);
    // Over: a later copy starts a burst of its own (and finds what this one inserted).
    this.bursts.delete(key);
  }

  /** Keys with a burst under way (for tests: none is left once every burst is over). */
  get open(): number {
    return this.bursts.size;
  }
}

/** True for the faults whose order creation is not serialised per OrderId. */
export function racesOrders(fault: string | undefined): boolean {
  return fault === 'redelivery-race' || fault === 'slow-redelivery';
}

/**
 * What happens between an order's lookup and its insert: nothing for a conforming merchant (the
 * two are one step under its per-OrderId lock); a wait for the racing faults (`redelivery-race`
 * until the burst of copies is over, `slow-redelivery` slowMs, longer than the platform waits
 * before it retries).
 */
export function pauseBeforeInsert(fault: string | undefined, slowMs: number): ((orderId: string) => Promise<void>) | undefined {
  if (fault === 'redelivery-race') {
    const window = new RaceWindow();
    return (orderId) => window.pause(orderId);
  }
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

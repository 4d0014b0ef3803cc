/**
 * What a merchant run does, as a list of tasks: endpoint x variant x auth mode x positive/negative.
 * `check` is cart + every order sample + the order sequences + the negatives (+ the cart sequence
 * when the run has real carts); `check-cart` and `post-order` take parts of it.
 */
import type { Endpoint, LifecycleEvent } from '../model.js';
import { runEventCases } from './events/event-cases.js';
import { runScenarios } from './events/scenarios.js';
import { EVENT_SPECS } from './events/bodies.js';
import { runSendCase, type EventSend } from './events/send-case.js';
import { selectsAny } from '../checks/selection.js';
import { listSamples, loadSample } from '../samples/catalog.js';
import { caseKey, type Task } from '../engine/run-plan.js';
import type { MerchantContext } from './context.js';
import { prepareSampleOrder } from './requests.js';
import { runCartCase } from './cart-case.js';
import { runOrderCase } from './order-case.js';
import { runInvalidOrder, runOrderSequences } from './order-sequences.js';
import { runCartSequence } from './cart-sequence.js';
import { negativeTasks } from './negative-cases.js';
import { raceTasks } from './race/race-tasks.js';
import { runLargeOrderCase } from './large-order-case.js';
import { LARGE_ORDER_VARIANT } from './large-order.js';
import { CredentialProbes } from './credential-probe.js';
import type { OrderSource } from './order-source.js';

/** Which parts of the merchant suite to run. */
export interface PlanParts {
  cart: boolean;
  /** Orders to post once per auth mode. */
  orders: OrderSource[];
  /** Re-delivery, update, unknown properties and invalid-order cases (on the fullest order). */
  sequences: boolean;
  /** Negative auth and MerchantGUID cases. */
  negatives: boolean;
  /** Said before the run starts (on stderr): what the user should know about what is sent. */
  notices?: string[];
  /** Lifecycle calls to send once per auth mode (`xborder send EVENT`). */
  sends?: EventSend[];
  /** The cases of every event in merchant.events, and the lifecycle scenarios (`check`). */
  events?: boolean;
  /** Copies delivered at once by the race checks (`--race N`, default 4); they run with the sequences. */
  race?: number;
  /** Bytes of the large order (`order-large`, `--large-order-bytes`), posted once in the first auth mode; 0 or absent: none. */
  largeOrderBytes?: number;
}

/** Every built-in order sample, ready to post. */
export function sampleOrderSources(ctx: MerchantContext, names?: string[]): OrderSource[] {
  const chosen = names ?? listSamples().filter((s) => s.kind === 'order').map((s) => s.name);
  return chosen.map((name) => {
    const sample = loadSample(name);
    return { variant: name, onCart: true, build: () => prepareSampleOrder(sample, ctx.config, ctx.newOrderId()) };
  });
}

/** The checks the order sequences judge, and the cart sequence's: a selection without them skips the sequence. */
const SEQUENCE_CHECKS = ['idempotent-redelivery', 'update-same-order', 'unknown-properties-tolerated'] as const;
const CART_CHECKS = ['cart-single-use', 'cart-hash-enforced', 'unknown-cart-refused'] as const;

/**
 * Phases: the cart cases (and the cart's negatives) read the configured cart before any order
 * converts it; then the order negatives that need a real cart (no OrderId, wrong credentials,
 * another GUID), which hand it back when they are refused; then the orders that must be accepted. With only the configured cart this is the
 * fixed order it is lent in (configured-cart.ts), so the same merchant state gives the same verdicts.
 */
const CART_PHASE = 0;
const NEGATIVE_PHASE = 1;
const ORDER_PHASE = 2;

/**
 * Builds the task list for `parts`. Each auth mode's first positive case is a probe of its
 * credentials (credential-probe.ts): `probes` collects what it found, for the top of the report.
 */
export function merchantPlan(ctx: MerchantContext, parts: PlanParts, probes = new CredentialProbes(ctx.config)): Task[] {
  const tasks: Task[] = [];
  // The sequences post the fullest order at hand: the built-in order-full, else the first given.
  const fullest = parts.orders.find((o) => o.variant === 'order-full') ?? parts.orders[0];
  const wanted = (ids: readonly string[]) => selectsAny(ctx.selection, ids);
  const sequences = parts.sequences && wanted(SEQUENCE_CHECKS);
  const invalid = parts.sequences && wanted(['rejects-invalid-order', 'error-status']);
  for (const mode of ctx.modes) {
    if (parts.cart) {
      for (const method of ctx.config.merchant.cartMethods) tasks.push({ label: `cart ${method} [${mode.mode}]`, phase: CART_PHASE, keys: [caseKey(CART, method, mode.mode)], run: () => runCartCase(ctx, method, mode) });
    }
    for (const source of parts.orders) tasks.push({ label: `order ${source.variant} [${mode.mode}]`, phase: ORDER_PHASE, keys: orderKeys([source.variant], mode.mode), run: () => runOrderCase(ctx, source, mode) });
    if (sequences && fullest) tasks.push({ label: `order redelivery, update, unknown properties [${mode.mode}]`, phase: ORDER_PHASE, keys: orderKeys(['redelivery', 'update', 'unknown-properties'], mode.mode), run: () => runOrderSequences(ctx, () => fullest.build(), mode) });
    for (const send of parts.sends ?? []) {
      tasks.push({ label: `${send.event} ${send.variant} [${mode.mode}]`, phase: ORDER_PHASE, keys: [caseKey(EVENT_SPECS[send.event].endpoint, send.variant, mode.mode)], run: () => runSendCase(ctx, send, mode) });
    }
    for (const event of parts.events ? ctx.config.merchant.events : []) {
      tasks.push({ label: `${event} [${mode.mode}]`, phase: ORDER_PHASE, keys: eventKeys(event, mode.mode), run: () => runEventCases(ctx, event, mode, parts.negatives && mode === ctx.modes[0]) });
    }
    if (invalid && fullest) tasks.push({ label: `order invalid [${mode.mode}]`, phase: NEGATIVE_PHASE, keys: orderKeys(['invalid-order'], mode.mode), run: () => runInvalidOrder(ctx, () => fullest.build(), mode) });
  }
  // A body limit is the merchant's, whatever the auth mode: the large order once, after the orders of
  // the first mode (so the one configured cart goes to them first).
  const large = ctx.modes[0];
  const largeBytes = parts.largeOrderBytes ?? 0;
  if (largeBytes > 0 && large && wanted(['accepts-large-order'])) {
    tasks.push({ label: `order ${LARGE_ORDER_VARIANT} [${large.mode}]`, phase: ORDER_PHASE, keys: orderKeys([LARGE_ORDER_VARIANT], large.mode), run: () => runLargeOrderCase(ctx, largeBytes, large) });
  }
  // Cart reuse, CartHash and unknown carts are properties of the store, not of an auth mode: once.
  if (parts.sequences && fullest && ctx.carts.real && ctx.modes[0] && wanted(CART_CHECKS)) {
    const mode = ctx.modes[0];
    tasks.push({ label: `order cart reuse, CartHash, unknown cart [${mode.mode}]`, phase: ORDER_PHASE, keys: orderKeys(['cart-reuse', 'wrong-cart-hash', 'unknown-cart'], mode.mode), run: () => runCartSequence(ctx, () => fullest.build(), mode) });
  }
  // Concurrent and retried deliveries race in the merchant's store, whatever the auth mode: once.
  if (parts.sequences && fullest?.onCart && ctx.modes[0]) tasks.push(...raceTasks(ctx, () => fullest.build(), ctx.modes[0], { count: parts.race, phase: ORDER_PHASE }));
  // The lifecycle scenarios are about the merchant's state, not an auth mode: once.
  if (parts.events && ctx.config.merchant.events.length > 0 && ctx.modes[0]) {
    const mode = ctx.modes[0];
    tasks.push({ label: `lifecycle scenarios [${mode.mode}]`, phase: ORDER_PHASE, keys: ['lifecycle', 'cancel', 'out-of-order'].map((v) => caseKey('OrderLifecycle', v, mode.mode)), run: () => runScenarios(ctx, mode) });
  }
  // Every task so far sends a mode's valid credentials; the negatives below do not depend on them.
  for (const mode of ctx.modes) probes.wire(mode, tasks.filter((t) => t.keys?.[0]?.split('|')[2] === mode.mode));
  const firstNegative = tasks.length;
  if (parts.negatives && wanted(['auth-enforced', 'guid-enforced'])) {
    const first = parts.orders[0] ?? sampleOrderSources(ctx, ['order-minimal'])[0]!;
    const endpoints: Endpoint[] = [...(parts.cart ? ['GetCheckoutCartInfo' as const] : []), ...(parts.orders.length ? ['SendOrderToMerchant' as const] : [])];
    for (const negative of negativeTasks(ctx, first, endpoints)) {
      const keys = [caseKey(negative.endpoint, negative.variant, negative.authMode), caseKey(CART, `for ${negative.variant}`, ctx.modes[0]?.mode ?? 'none')];
      // The cart's negatives read the configured cart with the cart cases, before any order may convert it.
      const phase = negative.endpoint === 'GetCheckoutCartInfo' ? CART_PHASE : NEGATIVE_PHASE;
      tasks.push({ label: `${negative.endpoint} ${negative.variant}`, phase, keys, run: negative.run });
    }
  }
  probes.wireNegatives(tasks.slice(firstNegative));
  return tasks;
}

const CART = 'GetCheckoutCartInfo';

/** The keys of an event's cases (its negatives included). */
function eventKeys(event: LifecycleEvent, mode: string): string[] {
  const endpoint = EVENT_SPECS[event].endpoint;
  return [event, `${event} redelivery`, `${event} unknown-order`, `${event} cancelled`, `${event} unknown-code`].map((v) => caseKey(endpoint, v, mode));
}

/** The keys of order cases and of the carts fetched for them. */
function orderKeys(variants: string[], mode: string): string[] {
  return variants.flatMap((v) => [caseKey('SendOrderToMerchant', v, mode), caseKey(CART, `for ${v}`, mode)]);
}

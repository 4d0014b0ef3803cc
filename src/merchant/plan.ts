/**
 * What a merchant run does, as a list of tasks: endpoint x variant x auth mode x positive/negative.
 * `check` is cart + every order sample + the order sequences + the negatives; `check-cart` and
 * `post-order` take parts of it.
 */
import type { CaseResult, Endpoint } from '../model.js';
import { listSamples, loadSample } from '../samples/catalog.js';
import type { Task } from '../engine/run-plan.js';
import type { MerchantContext } from './context.js';
import { prepareSampleOrder } from './requests.js';
import { runCartCase } from './cart-case.js';
import { runOrderCase } from './order-case.js';
import { runInvalidOrder, runRedeliveryAndUpdate, runUnknownProperties } from './order-sequences.js';
import { negativeTasks } from './negative-cases.js';

/** An order to post: a built-in sample (prepared with fresh ids) or the user's own file (sent as given). */
export interface OrderSource {
  variant: string;
  /** Builds the body for one post; built-in samples get a fresh OrderId each time. */
  build(): Record<string, unknown>;
}

/** Which parts of the merchant suite to run. */
export interface PlanParts {
  cart: boolean;
  /** Orders to post once per auth mode. */
  orders: OrderSource[];
  /** Re-delivery, update, unknown properties and invalid-order cases (on the first order). */
  sequences: boolean;
  /** Negative auth / GUID cases. */
  negatives: boolean;
}

/** Every built-in order sample, ready to post. */
export function sampleOrderSources(ctx: MerchantContext, names?: string[]): OrderSource[] {
  const chosen = names ?? listSamples().filter((s) => s.kind === 'order').map((s) => s.name);
  return chosen.map((name) => {
    const sample = loadSample(name);
    return { variant: name, build: () => prepareSampleOrder(sample, ctx.config, ctx.newOrderId()) };
  });
}

/** Builds the task list for `parts`. */
export function merchantPlan(ctx: MerchantContext, parts: PlanParts): Task[] {
  const tasks: Task[] = [];
  const { auth, merchant } = ctx.config;
  for (const mode of ctx.modes) {
    if (parts.cart) {
      for (const method of merchant.cartMethods) tasks.push({ label: `cart ${method} [${mode.mode}]`, run: () => runCartCase(ctx, method, mode) });
    }
    for (const source of parts.orders) tasks.push({ label: `order ${source.variant} [${mode.mode}]`, run: () => runOrderCase(ctx, source.variant, source.build(), mode) });
    // The sequences post the fullest order at hand: the built-in order-full, else the first given.
    const first = parts.orders.find((o) => o.variant === 'order-full') ?? parts.orders[0];
    if (parts.sequences && first) {
      tasks.push({ label: `order redelivery+update [${mode.mode}]`, run: () => runRedeliveryAndUpdate(ctx, first.build(), mode) });
      tasks.push({ label: `order unknown properties [${mode.mode}]`, run: () => runUnknownProperties(ctx, first.build(), mode) });
      tasks.push({ label: `order invalid [${mode.mode}]`, run: () => runInvalidOrder(ctx, first.build(), mode) });
    }
  }
  if (parts.negatives) {
    const first = parts.orders[0] ?? sampleOrderSources(ctx, ['order-minimal'])[0]!;
    const endpoints: Endpoint[] = [...(parts.cart ? ['GetCheckoutCartInfo' as const] : []), ...(parts.orders.length ? ['SendOrderToMerchant' as const] : [])];
    if (auth.some((a) => a.mode === 'none')) {
      for (const endpoint of endpoints) tasks.push({ label: `${endpoint} negatives`, run: async () => noneConfigured(ctx, endpoint) });
    } else {
      for (const negative of negativeTasks(ctx, () => first.build())) {
        if (endpoints.includes(negative.endpoint)) tasks.push({ label: `${negative.endpoint} ${negative.variant}`, run: negative.run });
      }
    }
  }
  return tasks;
}

function noneConfigured(ctx: MerchantContext, endpoint: Endpoint): CaseResult {
  return {
    endpoint,
    variant: 'negative',
    authMode: 'none',
    request: { method: 'POST', url: ctx.config.merchant.baseUrl, headers: {} },
    checks: [{ id: 'auth-enforced', status: 'skipped', findings: [{ severity: 'info', message: 'auth mode "none" is configured, so requests without credentials are allowed; list only the enforced modes to test rejection' }] }],
  };
}

/**
 * Negative cases: requests the merchant must refuse.
 *  - `guid-enforced`, always: valid credentials but another merchant's MerchantGUID, on
 *    SendOrderToMerchant and on the cart POST (both carry the GUID in the body, which the interface
 *    requires whatever else is configured).
 *  - `auth-enforced`, when `none` is not configured: per endpoint (and cart method) a request with no
 *    credentials, then each mode's wrong/tampered variants. With an `ip` mode, they leave from its
 *    deniedLocalAddress, since from the allowed address they would rightly be accepted; without one,
 *    rejection cannot be proven and the case is skipped with the reason.
 * A negative order converts a real cart when the run has one (fetched with valid credentials), so
 * the merchant cannot refuse it for the wrong reason (an unknown cart) and hide the fault under test.
 */
import type { AuthConfig, CaseResult, Endpoint, HttpMethod, RequestSpec } from '../model.js';
import { applyAuth, negativeVariants } from '../auth/index.js';
import { send } from '../http/send.js';
import type { RefusalId } from '../checks/refusal.js';
import { judgeRefusalExchange } from './judge-refusal.js';
import { caseResult } from '../engine/case-result.js';
import { cartRequest, orderRequest } from './requests.js';
import type { MerchantContext } from './context.js';
import type { OrderSource } from './order-source.js';
import { cartNote, orderOnCart, releaseUnlessUsed, type CartedOrder } from './order-cart.js';

/** A negative request to make: how to build it and what it proves. */
export interface NegativeTask {
  endpoint: Endpoint;
  variant: string;
  authMode: string;
  run(): Promise<CaseResult | CaseResult[]>;
}

/** A request to refuse, and the cart its order converts (orders only). */
interface Built {
  spec: RequestSpec;
  carted?: CartedOrder;
}

/** One endpoint (and cart method) the negatives are sent to. */
interface Target {
  endpoint: Endpoint;
  method?: HttpMethod;
  /** The request without credentials; `guid` replaces the MerchantGUID of the body. */
  build(variant: string, guid?: string): Promise<Built>;
}

/** Another merchant's GUID, well-formed so only its value can be the reason to refuse it. */
const WRONG_GUID = '00000000-0000-4000-8000-000000000000';

/** The negative tasks for the `endpoints` of this run. */
export function negativeTasks(ctx: MerchantContext, order: OrderSource, endpoints: Endpoint[]): NegativeTask[] {
  const { config } = ctx;
  const targets: Target[] = [
    ...config.merchant.cartMethods.map((method): Target => ({
      endpoint: 'GetCheckoutCartInfo',
      method,
      build: async (_variant, guid) => ({ spec: cartRequest(guid ? { ...config, merchantGUID: guid } : config, method, ctx.newOrderId(), await cartTokenForNegative(ctx)) }),
    })),
    {
      endpoint: 'SendOrderToMerchant',
      build: async (variant, guid) => {
        const body = { ...order.build(), OrderId: ctx.newOrderId() };
        const carted = order.onCart ? await orderOnCart(ctx, body, ctx.modes[0] ?? { mode: 'none' }, variant, 'refusal') : undefined;
        const sent = carted?.order ?? body;
        return { spec: orderRequest(config, guid ? { ...sent, MerchantGUID: guid } : sent), carted };
      },
    },
  ];
  const skip = whyNoAuthNegatives(config.auth);
  const variants = skip ? [] : authVariants(ctx);
  const tasks: NegativeTask[] = [];
  for (const target of targets.filter((t) => endpoints.includes(t.endpoint))) {
    const prefix = target.method ? `${target.method} ` : '';
    const add = (variant: string, authMode: string, what: string, toSpec: (spec: RequestSpec) => Promise<RequestSpec>, id: RefusalId, guid?: string) =>
      tasks.push({
        endpoint: target.endpoint,
        variant: `${prefix}${variant}`,
        authMode,
        run: () => sendNegative(ctx, { endpoint: target.endpoint, variant: `${prefix}${variant}`, authMode, what, id }, async () => {
          const built = await target.build(`${prefix}${variant}`, guid);
          return { ...built, spec: await toSpec(built.spec) };
        }),
      });
    if (skip) tasks.push(skippedTask(ctx, target, `${prefix}negative`, skip.authMode, skip.reason));
    for (const v of variants) add(v.id, v.authMode, v.what, (spec) => v.apply(spec), 'auth-enforced');
    if (target.endpoint === 'SendOrderToMerchant' || target.method === 'POST') {
      const auth = ctx.modes[0]!;
      add('wrong-merchant-guid', auth.mode, 'a wrong MerchantGUID', (spec) => applyAuth(spec, auth), 'guid-enforced', WRONG_GUID);
    }
  }
  return tasks;
}

/**
 * The cart a cart negative asks for: one of the run's real carts when it has them (reading a cart
 * uses nothing up, so it goes straight back), else the configured token. A cart the merchant does
 * not know would be refused for that, hiding whether the credentials or the GUID are checked.
 */
async function cartTokenForNegative(ctx: MerchantContext): Promise<string> {
  if (!ctx.carts.real) return ctx.config.merchant.cartToken;
  const lease = await ctx.carts.take();
  ctx.carts.giveBack(lease);
  return lease.token;
}

/** Why no auth-enforced case can be made for this configuration, or undefined when they can. */
export function whyNoAuthNegatives(auth: AuthConfig[]): { authMode: string; reason: string } | undefined {
  if (auth.some((a) => a.mode === 'none')) {
    return { authMode: 'none', reason: 'auth mode "none" is configured, so requests without credentials are allowed; list only the enforced modes to test rejection' };
  }
  if (auth.some((a) => a.mode === 'ip' && !a.deniedLocalAddress)) {
    return { authMode: 'ip', reason: 'an ip mode is configured without deniedLocalAddress: a request without credentials from the allowed address is rightly accepted, so rejection cannot be proven' };
  }
  return undefined;
}

/** One way to send a request without valid credentials. */
export interface AuthVariant {
  id: string;
  authMode: string;
  what: string;
  apply(spec: RequestSpec): Promise<RequestSpec>;
}

/** No credentials at all, then each selected mode's wrong variants; all from the denied address when an ip mode has one. */
export function authVariants(ctx: MerchantContext): AuthVariant[] {
  const ip = ctx.config.auth.find((a): a is Extract<AuthConfig, { mode: 'ip' }> => a.mode === 'ip');
  const fromDenied = (spec: RequestSpec): RequestSpec => (ip?.deniedLocalAddress ? { ...spec, localAddress: ip.deniedLocalAddress } : spec);
  const variants: AuthVariant[] = [{ id: 'missing-credentials', authMode: 'none', what: 'no credentials', apply: async (spec) => fromDenied(spec) }];
  for (const mode of ctx.modes) {
    for (const variant of negativeVariants(mode)) {
      if (variant.id === 'missing-credentials') continue;
      variants.push({
        id: variant.id,
        authMode: mode.mode,
        what: variant.description,
        apply: async (spec) => {
          const wrong = await variant.apply(spec);
          return variant.id === 'ip-denied' ? wrong : fromDenied(wrong);
        },
      });
    }
  }
  return variants;
}

/** What one negative case is: where it goes, under which name, and what it proves. */
interface NegativeCase {
  endpoint: Endpoint;
  variant: string;
  authMode: string;
  what: string;
  id: RefusalId;
}

/** Sends one negative request and judges that it was refused (and, if refused, not with a 2xx). */
async function sendNegative(ctx: MerchantContext, negative: NegativeCase, build: () => Promise<Built>): Promise<CaseResult[]> {
  const { spec, carted } = await build();
  const exchange = await send(spec, ctx.config.http);
  const verdict = judgeRefusalExchange(ctx, exchange, { id: negative.id, what: negative.what }, { transport: false });
  const refusal = verdict.checks.find((c) => c.id === negative.id);
  if (refusal && carted?.lease.origin === 'synthetic' && refusal.status === 'passed') {
    refusal.findings.push({ severity: 'info', message: 'the order named a synthetic cart, so the merchant may have refused it for that; configure merchant.carts or merchant.newCart to be sure' });
  }
  if (carted) releaseUnlessUsed(ctx, carted, verdict.accepted);
  const result = caseResult({ endpoint: negative.endpoint, variant: negative.variant, authMode: negative.authMode, exchange, checks: verdict.checks, bodyText: verdict.text }, ctx);
  if (carted) result.cart = cartNote(carted);
  return [...(carted?.cartCase ? [carted.cartCase] : []), result];
}

function skippedTask(ctx: MerchantContext, target: Target, variant: string, authMode: string, reason: string): NegativeTask {
  return {
    endpoint: target.endpoint,
    variant,
    authMode,
    run: async () => {
      const { spec, carted } = await target.build(variant);
      // Nothing is sent: the cart goes straight back (the next case waits for the configured one).
      if (carted) releaseUnlessUsed(ctx, carted, false);
      return {
        endpoint: target.endpoint, variant, authMode,
        request: { method: spec.method, url: spec.url, headers: spec.headers },
        checks: [{ id: 'auth-enforced', status: 'skipped', findings: [{ severity: 'info', message: reason }] }],
      };
    },
  };
}

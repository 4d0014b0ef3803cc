/**
 * Negative cases: requests the merchant must refuse.
 *  - `guid-enforced`, always: valid credentials but another merchant's MerchantGUID, on
 *    SendOrderToMerchant and on the cart POST (both carry the GUID in the body, which the interface
 *    requires whatever else is configured).
 *  - `auth-enforced`, when `none` is not configured: per endpoint (and cart method) a request with no
 *    credentials, then each mode's wrong/tampered variants. With an `ip` mode, they leave from its
 *    deniedLocalAddress, since from the allowed address they would rightly be accepted; without one,
 *    rejection cannot be proven and the case is skipped with the reason.
 */
import type { AuthConfig, CaseResult, CheckResult, Endpoint, HttpMethod, RequestSpec } from '../model.js';
import { applyAuth, negativeVariants } from '../auth/index.js';
import { send } from '../http/send.js';
import { judgeRejected } from '../checks/rejection.js';
import { judgeTransport } from '../checks/transport.js';
import { judgeErrorStatus } from '../checks/order-outcome.js';
import { readResponseInfo } from '../checks/response-info.js';
import { readJsonBody } from '../http/body.js';
import { caseResult } from '../engine/case-result.js';
import { cartRequest, orderRequest } from './requests.js';
import type { MerchantContext } from './context.js';

/** A negative request to make: how to build it and what it proves. */
export interface NegativeTask {
  endpoint: Endpoint;
  variant: string;
  authMode: string;
  run(): Promise<CaseResult>;
}

type RejectionId = 'auth-enforced' | 'guid-enforced';

/** One endpoint (and cart method) the negatives are sent to. */
interface Target {
  endpoint: Endpoint;
  method?: HttpMethod;
  /** The request without credentials; `guid` replaces the MerchantGUID of the body. */
  build(guid?: string): RequestSpec;
}

/** Another merchant's GUID, well-formed so only its value can be the reason to refuse it. */
const WRONG_GUID = '00000000-0000-4000-8000-000000000000';

/** The negative tasks for the `endpoints` of this run. */
export function negativeTasks(ctx: MerchantContext, sampleOrder: () => Record<string, unknown>, endpoints: Endpoint[]): NegativeTask[] {
  const { config } = ctx;
  const targets: Target[] = [
    ...config.merchant.cartMethods.map((method): Target => ({
      endpoint: 'GetCheckoutCartInfo',
      method,
      build: (guid) => cartRequest(guid ? { ...config, merchantGUID: guid } : config, method, ctx.newOrderId()),
    })),
    { endpoint: 'SendOrderToMerchant', build: (guid) => orderRequest(config, { ...sampleOrder(), OrderId: ctx.newOrderId(), ...(guid ? { MerchantGUID: guid } : {}) }) },
  ];
  const skip = whyNoAuthNegatives(config.auth);
  const variants = skip ? [] : authVariants(ctx);
  const tasks: NegativeTask[] = [];
  for (const target of targets.filter((t) => endpoints.includes(t.endpoint))) {
    const prefix = target.method ? `${target.method} ` : '';
    const add = (variant: string, authMode: string, what: string, makeSpec: () => Promise<RequestSpec>, id: RejectionId) =>
      tasks.push({ endpoint: target.endpoint, variant: `${prefix}${variant}`, authMode, run: () => sendNegative(ctx, target.endpoint, `${prefix}${variant}`, authMode, what, makeSpec, id) });
    if (skip) tasks.push(skippedTask(target, `${prefix}negative`, skip.authMode, skip.reason));
    for (const v of variants) add(v.id, v.authMode, v.what, () => v.apply(target.build()), 'auth-enforced');
    if (target.endpoint === 'SendOrderToMerchant' || target.method === 'POST') {
      const auth = ctx.modes[0]!;
      add('wrong-merchant-guid', auth.mode, 'a wrong MerchantGUID', () => applyAuth(target.build(WRONG_GUID), auth), 'guid-enforced');
    }
  }
  return tasks;
}

/** Why no auth-enforced case can be made for this configuration, or undefined when they can. */
function whyNoAuthNegatives(auth: AuthConfig[]): { authMode: string; reason: string } | undefined {
  if (auth.some((a) => a.mode === 'none')) {
    return { authMode: 'none', reason: 'auth mode "none" is configured, so requests without credentials are allowed; list only the enforced modes to test rejection' };
  }
  if (auth.some((a) => a.mode === 'ip' && !a.deniedLocalAddress)) {
    return { authMode: 'ip', reason: 'an ip mode is configured without deniedLocalAddress: a request without credentials from the allowed address is rightly accepted, so rejection cannot be proven' };
  }
  return undefined;
}

/** One way to send a request without valid credentials. */
interface AuthVariant {
  id: string;
  authMode: string;
  what: string;
  apply(spec: RequestSpec): Promise<RequestSpec>;
}

/** No credentials at all, then each selected mode's wrong variants; all from the denied address when an ip mode has one. */
function authVariants(ctx: MerchantContext): AuthVariant[] {
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

/** Sends one negative request and judges that it was refused (and, if refused, not with a 2xx). */
async function sendNegative(ctx: MerchantContext, endpoint: Endpoint, variant: string, authMode: string, what: string, makeSpec: () => Promise<RequestSpec>, id: RejectionId): Promise<CaseResult> {
  const exchange = await send(await makeSpec(), ctx.config.http);
  const transport = judgeTransport(exchange, ctx.config.http.timeoutMs);
  const body = exchange.response ? readJsonBody(exchange.response) : undefined;
  const checks: CheckResult[] = transport.answered ? [judgeRejected(id, exchange, what, body?.json)] : transport.checks;
  // A refusal is an error, and errors must not be answered with HTTP 200 either.
  const errorStatus = transport.answered ? judgeErrorStatus(exchange, readResponseInfo(body?.json)) : undefined;
  if (errorStatus) checks.push(errorStatus);
  return caseResult({ endpoint, variant, authMode, exchange, checks, bodyText: body?.text }, ctx);
}

function skippedTask(target: Target, variant: string, authMode: string, reason: string): NegativeTask {
  return {
    endpoint: target.endpoint,
    variant,
    authMode,
    run: async () => {
      const spec = target.build();
      return {
        endpoint: target.endpoint, variant, authMode,
        request: { method: spec.method, url: spec.url, headers: spec.headers },
        checks: [{ id: 'auth-enforced', status: 'skipped', findings: [{ severity: 'info', message: reason }] }],
      };
    },
  };
}

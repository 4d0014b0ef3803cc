/**
 * Negative cases: when `none` is not configured, every request without valid credentials must be
 * refused, on both endpoints. One "no credentials" request per endpoint (and cart method), then each
 * mode's wrong/tampered variants; on SendOrderToMerchant also a wrong MerchantGUID with valid
 * credentials. With an `ip` mode configured, negative requests leave from its deniedLocalAddress,
 * since from the allowed address they would rightly be accepted.
 */
import type { AuthConfig, CaseResult, Endpoint, HttpMethod, RequestSpec } from '../model.js';
import { applyAuth, negativeVariants } from '../auth/index.js';
import { send } from '../http/send.js';
import { judgeRejected } from '../checks/rejection.js';
import { judgeTransport } from '../checks/transport.js';
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

/** The negative tasks for this config (empty list plus a skipped case when `none` is listed). */
export function negativeTasks(ctx: MerchantContext, sampleOrder: () => Record<string, unknown>): NegativeTask[] {
  const { config } = ctx;
  const targets: { endpoint: Endpoint; method?: HttpMethod; build: () => RequestSpec }[] = [
    ...config.merchant.cartMethods.map((method) => ({ endpoint: 'GetCheckoutCartInfo' as const, method, build: () => cartRequest(config, method, ctx.newOrderId()) })),
    { endpoint: 'SendOrderToMerchant', build: () => orderRequest(config, { ...sampleOrder(), OrderId: ctx.newOrderId() }) },
  ];
  if (config.auth.some((a) => a.mode === 'none')) return [];
  const ip = config.auth.find((a): a is Extract<AuthConfig, { mode: 'ip' }> => a.mode === 'ip');
  const fromDenied = (spec: RequestSpec): RequestSpec => (ip?.deniedLocalAddress ? { ...spec, localAddress: ip.deniedLocalAddress } : spec);
  const tasks: NegativeTask[] = [];
  for (const target of targets) {
    const prefix = target.method ? `${target.method} ` : '';
    const judge = (variant: string, authMode: string, what: string, makeSpec: () => Promise<RequestSpec>, id: 'auth-enforced' | 'guid-enforced' = 'auth-enforced') =>
      tasks.push({ endpoint: target.endpoint, variant: `${prefix}${variant}`, authMode, run: () => sendNegative(ctx, target.endpoint, `${prefix}${variant}`, authMode, what, makeSpec, id) });
    if (ip && !ip.deniedLocalAddress) {
      tasks.push({ endpoint: target.endpoint, variant: `${prefix}negative`, authMode: 'ip', run: async () => skippedCase(target.endpoint, `${prefix}negative`, target.build()) });
      continue;
    }
    judge('missing-credentials', 'none', 'no credentials', async () => fromDenied(target.build()));
    for (const auth of ctx.modes) {
      for (const variant of negativeVariants(auth)) {
        if (variant.id === 'missing-credentials') continue;
        judge(variant.id, auth.mode, variant.description, async () => {
          const spec = await variant.apply(target.build());
          return variant.id === 'ip-denied' ? spec : fromDenied(spec);
        });
      }
    }
    if (target.endpoint === 'SendOrderToMerchant') {
      const auth = ctx.modes[0]!;
      judge('wrong-merchant-guid', auth.mode, 'a wrong MerchantGUID', async () => {
        const order = { ...sampleOrder(), OrderId: ctx.newOrderId(), MerchantGUID: '00000000-0000-4000-8000-000000000000' };
        return applyAuth(orderRequest(config, order), auth);
      }, 'guid-enforced');
    }
  }
  return tasks;
}

async function sendNegative(ctx: MerchantContext, endpoint: Endpoint, variant: string, authMode: string, what: string, makeSpec: () => Promise<RequestSpec>, id: 'auth-enforced' | 'guid-enforced'): Promise<CaseResult> {
  const exchange = await send(await makeSpec(), ctx.config.http);
  const transport = judgeTransport(exchange, ctx.config.http.timeoutMs);
  const body = exchange.response ? readJsonBody(exchange.response) : undefined;
  const checks = transport.answered ? [judgeRejected(id, exchange, what, body?.json)] : transport.checks;
  return caseResult({ endpoint, variant, authMode, exchange, checks, bodyText: body?.text }, ctx);
}

function skippedCase(endpoint: Endpoint, variant: string, spec: RequestSpec): CaseResult {
  return {
    endpoint, variant, authMode: 'ip',
    request: { method: spec.method, url: spec.url, headers: spec.headers },
    checks: [{ id: 'auth-enforced', status: 'skipped', findings: [{ severity: 'info', message: 'an ip mode is configured without deniedLocalAddress: a request without credentials from the allowed address is rightly accepted, so rejection cannot be proven' }] }],
  };
}

/**
 * Generated GetCheckoutCartInfo requests: countryCode, currencyCode and the cart token, each valid
 * (a real ISO code, a cart the merchant issued) or not (lower case, three letters where two go,
 * other scripts, empty, a token nobody issued). Whatever comes, the merchant answers a cart or a
 * clean error, never a crash: `no-server-error`, and the cart checks of `check` on a 2xx answer.
 */
import fc from 'fast-check';
import type { CaseResult, CheckResult } from '../model.js';
import type { MerchantContext } from '../merchant/context.js';
import { cartRequest } from '../merchant/requests.js';
import { sendJudged } from '../merchant/send-judged.js';
import { judgePayload } from '../checks/payload.js';
import { judgeErrorStatus } from '../checks/order-outcome.js';
import { readResponseInfo } from '../checks/response-info.js';
import { caseResult } from '../engine/case-result.js';
import { countryCodes, currencyCodes } from './codes.js';
import { text } from './text.js';
import type { Judged } from './property-run.js';

/** A generated cart request; `token` null means the run's own cart (configured or issued). */
export interface CartInput {
  mode: number;
  countryCode: string;
  currencyCode: string;
  token: string | null;
}

const junk = fc.oneof(fc.constant(''), fc.constantFrom('ZZ', 'GBR', 'XX', 'eur', '12', '%00', '../', 'null'), text({ maxLength: 40 }));

/** The arbitrary of cart requests: valid values first, so shrinking moves toward them. */
export function cartInputs(modes: number): fc.Arbitrary<CartInput> {
  return fc.record({
    mode: fc.nat(Math.max(0, modes - 1)),
    countryCode: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constantFrom(...countryCodes()), weight: 3 }, { arbitrary: fc.constantFrom(...countryCodes()).map((c) => c.toLowerCase()), weight: 1 }, { arbitrary: junk, weight: 1 }),
    currencyCode: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constantFrom(...currencyCodes()), weight: 3 }, { arbitrary: fc.constantFrom(...currencyCodes()).map((c) => c.toLowerCase()), weight: 1 }, { arbitrary: junk, weight: 1 }),
    token: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }), weight: 1 }, { arbitrary: junk, weight: 1 }),
  });
}

/** `no-server-error`: any answer but a 5xx. */
function judgeNoServerError(status: number | undefined): CheckResult | undefined {
  if (status === undefined) return undefined;
  if (status < 500) return { id: 'no-server-error', status: 'passed', findings: [] };
  return { id: 'no-server-error', status: 'failed', findings: [{ message: `HTTP ${status}: the merchant crashed on this input instead of answering a cart or a clean error (4xx)`, expected: 'a cart (2xx) or a 4xx error', actual: status }] };
}

/** Sends one generated cart request and judges the answer. */
export async function sendCartInput(ctx: MerchantContext, input: CartInput, variant: string): Promise<Judged<CartInput>> {
  const auth = ctx.modes[input.mode % ctx.modes.length]!;
  const lease = input.token === null && ctx.carts.real ? await ctx.carts.take() : undefined;
  const token = input.token ?? lease?.token ?? ctx.config.merchant.cartToken;
  const spec = cartRequest(ctx.config, 'GET', ctx.newOrderId(), token);
  const url = new URL(spec.url);
  url.searchParams.set('countryCode', input.countryCode);
  url.searchParams.set('currencyCode', input.currencyCode);
  spec.url = url.toString();
  try {
    const judged = await sendJudged(ctx, spec, auth, { expect200: false });
    const status = judged.exchange.response?.status;
    const checks = [...judged.checks];
    const noCrash = judgeNoServerError(status);
    if (noCrash) checks.push(noCrash);
    if (status !== undefined && status >= 200 && status < 300 && judged.json !== undefined) {
      const errorStatus = judgeErrorStatus(judged.exchange, readResponseInfo(judged.json));
      checks.push(...(errorStatus ? [errorStatus] : judgePayload('cart', judged.json, ctx.strict)));
    }
    const result: CaseResult = caseResult({ endpoint: 'GetCheckoutCartInfo', variant, authMode: auth.mode, exchange: judged.exchange, checks, bodyText: judged.bodyText }, ctx);
    const failing = checks.filter((c) => c.status === 'failed' || c.status === 'errored');
    // The run's own cart is named, not written out: its token is a credential of the shopper's cart
    // (and a key named token is masked in every output anyway).
    const sentToken = input.token ?? "the run's cart (merchant.cartToken, merchant.carts or merchant.newCart)";
    return { value: input, sent: { countryCode: input.countryCode, currencyCode: input.currencyCode, cart: sentToken }, cases: [result], failing, skipped: false, status };
  } finally {
    if (lease) ctx.carts.giveBack(lease);
  }
}

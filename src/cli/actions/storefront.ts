/** `xborder storefront URL... [--cart]`. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { CaseResult } from '../../model.js';
import { judgePage } from '../../storefront/page-case.js';
import { judgeClassesAgainstCart } from '../../storefront/cart-compare.js';
import { fetchCart } from '../../merchant/cart-case.js';
import { SAMPLE_CART_TOKEN } from '../../config/defaults.js';
import { toRunResult, exitCodeOf } from '../../report/summary.js';
import { applySelection } from '../../checks/selection.js';
import { closeAgents } from '../../http/send.js';
import { openSession, warnTransport } from '../session.js';
import { merchantContextFor, saveRun, writeGithub, writeReports, type MerchantRunOptions } from '../merchant-run.js';

/** `xborder storefront`. */
export async function run(urls: string[], opts: MerchantRunOptions & { cart?: boolean }, cmd: Command): Promise<number> {
  for (const url of urls) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new UsageError(`${JSON.stringify(url)} is not an http(s) URL of a storefront page.`);
  }
  const session = await openSession(opts, cmd);
  const { config } = session;
  warnTransport(session, urls);
  const ctx = merchantContextFor(session, opts);
  // The cart is fetched when asked, or when the configuration names a cart of its own.
  const withCart = opts.cart === true || (Boolean(config.merchant.baseUrl) && config.merchant.cartToken !== SAMPLE_CART_TOKEN);
  if (opts.cart && !config.merchant.baseUrl) throw new UsageError('--cart needs the merchant: set merchant.baseUrl (and merchant.cartToken) in the config, XBORDER_MERCHANT_URL, or --merchant-url.');
  const cases: CaseResult[] = [];
  try {
    const pages = await Promise.all(urls.map((url) => judgePage(config, url, ctx)));
    cases.push(...pages.map((p) => p.result));
    if (withCart) {
      const fetched = await fetchCart(ctx, { method: 'GET', auth: ctx.modes[0]!, token: config.merchant.cartToken, variant: 'for storefront' });
      cases.push(fetched.result);
      const elements = pages.flatMap((p) => p.elements);
      const comparison = fetched.cart
        ? judgeClassesAgainstCart(elements, fetched.cart)
        : { id: 'storefront-pc-in-cart', status: 'errored' as const, findings: [{ message: 'the cart could not be fetched (see its case): nothing to compare the data-pc codes with' }] };
      cases.push({ endpoint: 'Storefront', variant: `data-pc of ${urls.length} page${urls.length === 1 ? '' : 's'} vs the cart`, authMode: ctx.modes[0]!.mode, request: { method: 'GET', url: fetched.result.request.url, headers: {} }, checks: [comparison] });
    }
  } finally {
    await closeAgents();
  }
  const result = toRunResult(applySelection(cases, ctx.selection));
  const shown = opts.save === false ? result : await saveRun(session, result, { ...opts, title: 'storefront' });
  await writeReports(session, shown, opts.junit, opts.html);
  await writeGithub(session, shown, 'storefront', opts);
  return exitCodeOf(result.summary);
}

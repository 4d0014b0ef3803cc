/**
 * One storefront page as a report case: fetched with the same HTTP settings as every request
 * (timeouts, TLS, proxy, body cap), answered 200, parsed, and its data attributes judged; where the
 * page renders the cart token (a cookie it sets, a DOM value) is information the wizard can use.
 */
import type { CaseResult, CheckResult, Exchange, XborderConfig } from '../model.js';
import { send } from '../http/send.js';
import { judgeStatus200, judgeTransport } from '../checks/transport.js';
import { caseResult, type CaseOptions } from '../engine/case-result.js';
import { storefrontElements, type StorefrontElement } from './elements.js';
import { judgeCountries, judgeManipulate, judgeProductClasses, judgeSwitcher } from './attribute-checks.js';

/** A judged page: its case and its elements (for the comparison with the cart). */
export interface JudgedPage {
  result: CaseResult;
  elements: StorefrontElement[];
}

/** Where a page renders a cart token: the cookies it sets and DOM values named like the token parameter. */
export function renderedCartToken(exchange: Exchange, html: string, tokenParam: string): { where: string; value: string }[] {
  const found: { where: string; value: string }[] = [];
  const cookies = exchange.response?.headers['set-cookie'] ?? '';
  for (const cookie of cookies.split(/,(?=\s*[^;=,\s]+=)/)) {
    const [pair] = cookie.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name && value && /cart/i.test(name)) found.push({ where: `cookie ${name.trim()}`, value: value.trim() });
  }
  found.push(...storefrontElements(html, tokenParam).tokens.domValues);
  return found;
}

/** `storefront-cart-token`: where the cart token is rendered (information). */
function judgeCartToken(exchange: Exchange, html: string, config: XborderConfig): CheckResult {
  const found = renderedCartToken(exchange, html, config.merchant.cartTokenParam);
  return {
    id: 'storefront-cart-token',
    status: 'passed',
    findings: found.length
      ? found.map((f) => ({ severity: 'info' as const, message: `the page renders a cart token in ${f.where}${f.value === config.merchant.cartToken ? ' (the configured merchant.cartToken)' : ''}`, actual: f.value }))
      : [{ severity: 'info', message: `no cookie named like a cart and no DOM value named like ${config.merchant.cartTokenParam}: the token may be set by a script` }],
  };
}

/** Fetches and judges `url`. */
export async function judgePage(config: XborderConfig, url: string, options: CaseOptions): Promise<JudgedPage> {
  const exchange = await send({ method: 'GET', url, headers: { Accept: 'text/html,application/xhtml+xml' } }, config.http);
  const transport = judgeTransport(exchange, config.http.timeoutMs);
  const done = (checks: CheckResult[], elements: StorefrontElement[] = [], bodyText?: string): JudgedPage => ({
    elements,
    // Named by its path: the request line of the case shows the whole URL.
    result: caseResult({ endpoint: 'Storefront', variant: new URL(url).pathname + new URL(url).search, authMode: 'none', exchange, checks, bodyText }, options),
  });
  if (!transport.answered) return done(transport.checks);
  const html = exchange.response!.body.toString('utf8');
  const checks = [...transport.checks, judgeStatus200(exchange)];
  if (exchange.response!.status !== 200) return done(checks, [], html);
  const { elements } = storefrontElements(html, config.merchant.cartTokenParam);
  for (const check of [judgeCountries(elements), judgeProductClasses(elements), judgeManipulate(elements)]) if (check) checks.push(check);
  checks.push(judgeSwitcher(elements), judgeCartToken(exchange, html, config));
  return done(checks, elements, html);
}

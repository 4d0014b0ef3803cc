import { describe, expect, it } from 'vitest';
import type { CaseResult, CheckResult } from '../../src/model.js';
import { skipLine } from '../../src/report/skip-line.js';

const skipped = (message: string): CheckResult => ({ id: 'x', status: 'skipped', findings: [{ severity: 'info', message }] });
const aCase = (...checks: CheckResult[]): CaseResult => ({ endpoint: 'SendOrderToMerchant', variant: 'v', authMode: 'none', request: { method: 'POST', url: 'http://x/', headers: {} }, checks });

describe('skipLine', () => {
  it('counts the skipped checks by reason, most first; other reasons by their first clause', () => {
    const line = skipLine([
      aCase(skipped('needs a fresh cart the merchant issued (merchant.carts or merchant.newCart): a race…'), { id: 'y', status: 'passed', findings: [] }),
      aCase(skipped('the order was refused on a synthetic cart …; give xborder real carts with merchant.carts or merchant.newCart'), skipped('the first delivery of the order was not accepted (HTTP 500), so this cannot be judged')),
      aCase(skipped('auth mode "none" is configured, so requests without credentials are allowed'), skipped('a reason of its own: and more')),
      aCase(skipped('not sent: header auth refused on the cart GET (401): check XB_HEADER_KEY')),
    ]);
    expect(line).toBe('6 checks skipped: 2 need real carts (merchant.carts or merchant.newCart), 1 depend on a case that did not pass, 1 prove nothing when auth lists "none", 1 a reason of its own, 1 were not sent: their credentials were refused (see the top)');
  });

  it('cases skipped because the newCart command was not allowed are counted apart from a config without carts', () => {
    const notAllowed = skipped('not run: no cart for it: merchant.newCart.command of xborder.config.json is not allowed (`xborder allow xborder.config.json`, --allow-commands or XBORDER_ALLOW_COMMANDS=1)');
    expect(skipLine([aCase(notAllowed, notAllowed), aCase(skipped('needs a fresh cart the merchant issued (merchant.carts or merchant.newCart): a race…'))])).toBe(
      '3 checks skipped: 2 need carts from merchant.newCart.command, not allowed (xborder allow), 1 need real carts (merchant.carts or merchant.newCart)',
    );
  });

  it('nothing skipped: no line', () => {
    expect(skipLine([aCase({ id: 'y', status: 'failed', findings: [] })])).toBeUndefined();
  });
});

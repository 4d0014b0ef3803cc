/** ValidateGiftCard end to end in-process: real requests to the reference platform on port 0. */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { closeAgents } from '../../src/http/send.js';
import type { XborderConfig } from '../../src/model.js';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import { TEST_CARDS } from '../../src/mock/platform/test-cards.js';
import { giftCardBody, giftCardUrl, readGiftCardAnswer, validateGiftCard } from '../../src/platform/gift-card.js';
import { platformUrl } from '../../src/platform/request.js';
import { exitCodeOf, summarize } from '../../src/report/summary.js';

let platform: RunningServer;
let config: XborderConfig;

beforeAll(async () => {
  config = defaultConfig();
  platform = await startMockPlatform({ merchantGUID: config.merchantGUID });
  config.platform.baseUrl = platform.url;
  config.http.timeoutMs = 5000;
});
afterAll(async () => {
  await closeAgents();
  await platform.close();
});

const exitOf = (o: Awaited<ReturnType<typeof validateGiftCard>>) => exitCodeOf(summarize([o.caseResult]));

describe('validateGiftCard against the reference platform', () => {
  it('judges every test card a conforming answer and reads what it says', async () => {
    for (const card of TEST_CARDS) {
      const outcome = await validateGiftCard({ cardId: card.cardId, pin: card.pin, country: 'DE' }, config);
      expect(exitOf(outcome), card.cardId).toBe(0);
      expect(outcome.answer).toEqual({
        isValid: card.isValid,
        balance: card.balance,
        currencyCode: card.currencyCode,
        boughtFromPlatform: card.boughtFromPlatform,
        errorCode: card.errorCode ?? null,
        errorText: card.errorText ?? null,
      });
      expect(outcome.caseResult).toMatchObject({ endpoint: 'ValidateGiftCard', variant: card.cardId, response: { status: 200 } });
    }
  });

  it('never keeps the PIN in the case it reports', async () => {
    const outcome = await validateGiftCard({ cardId: 'XB-GC-VALID-0001', pin: '4321', country: 'DE' }, config);
    expect(outcome.answer?.isValid).toBe(true);
    expect(JSON.stringify(outcome.caseResult)).not.toContain('4321');
    expect(outcome.caseResult.requestBody).toContain('"CardPin": "****"');
  });

  it('fails the status check with the ErrorInfo when the platform refuses the GUID', async () => {
    const wrong = { ...config, merchantGUID: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' };
    const outcome = await validateGiftCard({ cardId: 'XB-GC-ZERO-0002', country: 'DE' }, wrong);
    expect(exitOf(outcome)).toBe(1);
    expect(outcome.errorInfo).toMatchObject({ code: '401', error: 'Unauthorized' });
    const status = outcome.caseResult.checks.find((c) => c.id === 'status-200');
    expect(status?.status).toBe('failed');
    expect(status?.findings[0]?.message).toMatch(/401 Unauthorized/);
    expect(outcome.caseResult.curl).toMatch(/^curl .*ValidateGiftCard/);
  });

  it('reports an unreachable platform as errored (exit 3)', async () => {
    const gone = { ...config, platform: { ...config.platform, baseUrl: 'http://127.0.0.1:1' } };
    const outcome = await validateGiftCard({ cardId: 'X', country: 'DE' }, gone);
    expect(exitOf(outcome)).toBe(3);
    expect(outcome.caseResult.checks[0]).toMatchObject({ id: 'reachable', status: 'errored' });
  });

  it('fails an answer that breaks the rules (a valid card without currency, a negative balance)', async () => {
    const server = await listen(createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ IsValid: true, Balance: -5, CurrencyCode: null, IsGlobalEGiftCard: 'no' }));
    }));
    try {
      const outcome = await validateGiftCard({ cardId: 'X', country: 'DE' }, { ...config, giftCard: { url: `${server.url}/validate-gift-card-url` } });
      expect(exitOf(outcome)).toBe(1);
      const failed = outcome.caseResult.checks.filter((c) => c.status === 'failed').map((c) => c.id);
      expect(failed).toEqual(['gift-card-response-schema', 'gift-card-validity']);
      const rule = outcome.caseResult.checks.find((c) => c.id === 'gift-card-validity')!;
      expect(rule.findings.map((f) => f.path)).toEqual(expect.arrayContaining(['/Balance', '/CurrencyCode']));
      expect(outcome.caseResult.request.url).toContain('/validate-gift-card-url');
    } finally {
      await server.close();
    }
  });
});

describe('gift-card request and answer helpers', () => {
  it('builds the documented body; CardPin and MerchantCartToken only when given', () => {
    expect(giftCardBody('G', { cardId: 'C', country: 'FR' })).toEqual({ MerchantGUID: 'G', ShippingCountryCode: 'FR', CardFields: { CardId: 'C' } });
    expect(giftCardBody('G', { cardId: 'C', pin: 'P', country: 'FR', cartToken: 'T' })).toEqual({
      MerchantGUID: 'G', ShippingCountryCode: 'FR', CardFields: { CardId: 'C', CardPin: 'P' }, MerchantCartToken: 'T',
    });
  });

  it('uses giftCard.url when set, else {platform.baseUrl}/ValidateGiftCard', () => {
    const c = defaultConfig();
    c.platform.baseUrl = 'https://platform.example.com/';
    expect(giftCardUrl(c)).toBe('https://platform.example.com/ValidateGiftCard');
    c.giftCard.url = 'https://shop.example.com/validate-gift-card-url';
    expect(giftCardUrl(c)).toBe('https://shop.example.com/validate-gift-card-url');
    expect(() => giftCardUrl(defaultConfig())).toThrow(/platform\.baseUrl is not set/);
  });

  it('appends the operation path to the base URL path, keeping a query string of the base URL as the query', () => {
    const c = defaultConfig();
    c.platform.baseUrl = 'https://gw.example.com/platform/?apikey=K1';
    expect(giftCardUrl(c)).toBe('https://gw.example.com/platform/ValidateGiftCard?apikey=K1');
    expect(platformUrl(c, '/Order/GetOrdersDetails?page=2')).toBe('https://gw.example.com/platform/Order/GetOrdersDetails?apikey=K1&page=2');
    c.platform.baseUrl = 'http://127.0.0.1:8790';
    expect(platformUrl(c, 'Browsing/Countries')).toBe('http://127.0.0.1:8790/Browsing/Countries');
  });

  it('reads answers leniently: numeric strings, other casing, the interface alias', () => {
    expect(readGiftCardAnswer({ isvalid: 'true', balance: '12.50', currencycode: 'EUR', IsPlatformGiftCard: true })).toMatchObject({
      isValid: true, balance: 12.5, currencyCode: 'EUR', boughtFromPlatform: true,
    });
  });
});

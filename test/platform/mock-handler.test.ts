/** The reference platform's behaviour, request by request (pure handler, no socket). */
import { describe, expect, it } from 'vitest';
import { handlePlatformRequest, type PlatformRequest } from '../../src/mock/platform/handler.js';
import { TEST_CARDS, findTestCard } from '../../src/mock/platform/test-cards.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';

function post(url: string, body: unknown, headers: PlatformRequest['headers'] = {}): ReturnType<typeof handlePlatformRequest> {
  return handlePlatformRequest({ method: 'POST', url, headers, body: typeof body === 'string' ? body : JSON.stringify(body) }, GUID);
}

function card(cardId: string, pin?: string, extra: Record<string, unknown> = {}) {
  return { MerchantGUID: GUID, ShippingCountryCode: 'DE', CardFields: { CardId: cardId, ...(pin ? { CardPin: pin } : {}) }, ...extra };
}

describe('mock platform: ValidateGiftCard', () => {
  it('answers each documented test card as its description says', () => {
    const valid = post('/ValidateGiftCard', card('XB-GC-VALID-0001', '4321'));
    expect(valid).toEqual({ status: 200, body: { IsValid: true, Balance: 75.5, CurrencyCode: 'EUR', IsGlobalEGiftCard: false, ErrorCode: null, ErrorText: null } });
    expect(post('/ValidateGiftCard', card('XB-GC-ZERO-0002')).body).toMatchObject({ IsValid: true, Balance: 0, CurrencyCode: 'EUR' });
    expect(post('/ValidateGiftCard', card('XB-GC-PLATFORM-0003')).body).toMatchObject({ IsValid: true, Balance: 120, CurrencyCode: 'USD', IsGlobalEGiftCard: true });
    expect(post('/ValidateGiftCard', card('XB-GC-UNKNOWN-9999')).body).toMatchObject({ IsValid: false, Balance: null, CurrencyCode: null, ErrorCode: 'CARD_NOT_FOUND' });
    expect(post('/ValidateGiftCard', card('anything-else')).body).toMatchObject({ IsValid: false, ErrorCode: 'CARD_NOT_FOUND' });
  });

  it('checks the PIN of a PIN-protected card', () => {
    expect(post('/ValidateGiftCard', card('XB-GC-VALID-0001', '0000')).body).toMatchObject({ IsValid: false, ErrorCode: 'INVALID_PIN', Balance: null });
    expect(post('/ValidateGiftCard', card('XB-GC-VALID-0001')).body).toMatchObject({ IsValid: false, ErrorCode: 'INVALID_PIN' });
  });

  it('identifies the merchant by body, query or header GUID; a wrong or missing one is 401 ErrorInfo', () => {
    const noBodyGuid = { ShippingCountryCode: 'DE', CardFields: { CardId: 'XB-GC-ZERO-0002' } };
    expect(post('/ValidateGiftCard', noBodyGuid).status).toBe(401);
    expect(post(`/ValidateGiftCard?merchantGUID=${GUID}`, noBodyGuid).status).toBe(200);
    expect(post('/ValidateGiftCard', noBodyGuid, { merchantguid: GUID.toUpperCase() }).status).toBe(200);
    const wrong = post('/ValidateGiftCard', card('XB-GC-ZERO-0002'), { merchantguid: '00000000-0000-0000-0000-000000000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ Code: '401', Error: 'Unauthorized' });
    expect((wrong.body as { Description: string }).Description).toMatch(/header MerchantGUID/);
    expect(post('/ValidateGiftCard', { ...card('XB-GC-ZERO-0002'), MerchantGUID: 'nope' }).status).toBe(401);
  });

  it('answers malformed JSON and missing fields with 400 ErrorInfo', () => {
    const malformed = post(`/ValidateGiftCard?merchantGUID=${GUID}`, '{"CardFields": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ Code: '400', Error: 'Bad Request' });
    // The error says where, never what: V8's message would quote the body, PIN included.
    const echoed = post(`/ValidateGiftCard?merchantGUID=${GUID}`, 'x{"CardFields":{"CardId":"A","CardPin":"PIN-5521"}}');
    expect(echoed.body).toEqual({ Code: '400', Error: 'Bad Request', Description: 'The request body is not valid JSON: unexpected character "x", expected a value at line 1, column 1.' });
    expect(post('/ValidateGiftCard', card('')).status).toBe(400);
    expect(post('/ValidateGiftCard', { ...card('XB-GC-ZERO-0002'), ShippingCountryCode: 'Germany' }).status).toBe(400);
  });
});

describe('mock platform: other paths', () => {
  it('answers the other indexed operations with an honest 501 ErrorInfo', () => {
    const answer = post(`/Browsing/Countries?merchantGUID=${GUID}`, {});
    expect(answer.status).toBe(501);
    expect(answer.body).toMatchObject({ Code: '501', Error: 'Not Implemented' });
    expect(post(`/Order/UpdateOrderDispatchV2?merchantGUID=${GUID}`, '').status).toBe(501);
  });

  it('still asks the other operations for the GUID (401 before 501)', () => {
    expect(post('/Browsing/Countries', {}).status).toBe(401);
  });

  it('answers an unknown path with 404 and a GET with 405, both ErrorInfo', () => {
    expect(post('/nope', {})).toMatchObject({ status: 404, body: { Code: '404' } });
    const get = handlePlatformRequest({ method: 'GET', url: '/ValidateGiftCard', headers: {}, body: '' }, GUID);
    expect(get).toMatchObject({ status: 405, body: { Code: '405' }, headers: { allow: 'POST' } });
  });
});

describe('test cards', () => {
  it('have unique ids and are found by id', () => {
    expect(new Set(TEST_CARDS.map((c) => c.cardId)).size).toBe(TEST_CARDS.length);
    for (const c of TEST_CARDS) expect(findTestCard(c.cardId)).toBe(c);
    expect(findTestCard('xb-gc-valid-0001')).toBeUndefined();
  });
});

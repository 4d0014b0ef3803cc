/** What each platform fault changes in an answer (pure handler, no socket). */
import { describe, expect, it } from 'vitest';
import { handlePlatformRequest, type PlatformRequest } from '../../src/mock/platform/handler.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';

function post(fault: string | undefined, url: string, body: unknown, headers: PlatformRequest['headers'] = {}) {
  return handlePlatformRequest({ method: 'POST', url, headers, body: JSON.stringify(body) }, GUID, fault);
}

const card = (cardId: string, pin?: string) => ({ MerchantGUID: GUID, ShippingCountryCode: 'DE', CardFields: { CardId: cardId, ...(pin ? { CardPin: pin } : {}) } });
const wrongGuid = { ...card('XB-GC-ZERO-0002'), MerchantGUID: '00000000-0000-0000-0000-000000000000' };

describe('mock platform faults', () => {
  it('error-200: every error answered 200 with its ErrorInfo (headers kept); answers unchanged', () => {
    expect(post('error-200', '/ValidateGiftCard', wrongGuid)).toMatchObject({ status: 200, body: { Code: '401', Error: 'Unauthorized' } });
    expect(post('error-200', '/Browsing/Countries', {}, { merchantguid: GUID })).toMatchObject({ status: 200, body: { Code: '501' } });
    const get = handlePlatformRequest({ method: 'GET', url: '/ValidateGiftCard', headers: {}, body: '' }, GUID, 'error-200');
    expect(get).toMatchObject({ status: 200, headers: { allow: 'POST' } });
    expect(post('error-200', '/ValidateGiftCard', card('XB-GC-VALID-0001', '4321'))).toEqual(post(undefined, '/ValidateGiftCard', card('XB-GC-VALID-0001', '4321')));
  });

  it('error-info-no-code and error-code-number change the ErrorInfo, not the status', () => {
    const noCode = post('error-info-no-code', '/ValidateGiftCard', wrongGuid);
    expect(noCode.status).toBe(401);
    expect(noCode.body).not.toHaveProperty('Code');
    expect(noCode.body).toMatchObject({ Error: 'Unauthorized' });
    expect(post('error-code-number', '/nowhere', {})).toMatchObject({ status: 404, body: { Code: 404, Error: 'Not Found' } });
  });

  it('the gift-card faults change the ValidateGiftCard answer only', () => {
    const noIsValid = post('gift-card-no-isvalid', '/ValidateGiftCard', card('XB-GC-VALID-0001', '4321')).body;
    expect(noIsValid).not.toHaveProperty('IsValid');
    expect(noIsValid).toMatchObject({ Balance: 75.5, CurrencyCode: 'EUR' });
    expect(post('gift-card-balance-string', '/ValidateGiftCard', card('XB-GC-VALID-0001', '4321')).body).toMatchObject({ IsValid: true, Balance: '75.50' });
    expect(post('gift-card-balance-string', '/ValidateGiftCard', card('XB-GC-UNKNOWN-9999')).body).toMatchObject({ IsValid: false, Balance: null });
    expect(post('gift-card-isvalid-string', '/ValidateGiftCard', card('XB-GC-ZERO-0002')).body).toMatchObject({ IsValid: 'true', Balance: 0 });
    expect(post('gift-card-isvalid-string', '/ValidateGiftCard', card('XB-GC-UNKNOWN-9999')).body).toMatchObject({ IsValid: 'false' });
    expect(post('gift-card-no-isvalid', '/ValidateGiftCard', wrongGuid).body).toMatchObject({ Code: '401' });
  });

  it('guid-ignored: a missing or wrong GUID is accepted', () => {
    expect(post('guid-ignored', '/ValidateGiftCard', wrongGuid)).toMatchObject({ status: 200, body: { IsValid: true } });
    const { MerchantGUID: _guid, ...noGuid } = card('XB-GC-ZERO-0002');
    expect(post('guid-ignored', '/ValidateGiftCard', noGuid).status).toBe(200);
    expect(post(undefined, '/ValidateGiftCard', noGuid).status).toBe(401);
    // Other operations are still not simulated.
    expect(post('guid-ignored', '/Browsing/Countries', {}).status).toBe(501);
  });
});

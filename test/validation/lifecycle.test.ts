/**
 * The rest of the order lifecycle as payload kinds: PerformOrderPayment (payment-request),
 * UpdateOrderStatus (status-update), UpdateOrderShippingInfo (shipping-info), NotifyOrderRefund
 * (refund) and SendAdditionalRequiredDocumentsToMerchant (documents). Their samples validate, their
 * shapes are told apart from each other and from the older kinds, and the wire's tolerated forms
 * (a number where decimal text is documented) warn and fail --strict.
 */
import { describe, expect, it } from 'vitest';
import { detectKind, validatePayload, type PayloadKind } from '../../src/validation/index.js';
import type { CheckResult } from '../../src/model.js';
import { sample, sampleIndex, shapeKind } from './fixtures.js';

const LIFECYCLE: PayloadKind[] = ['payment-request', 'status-update', 'shipping-info', 'refund', 'documents'];
const lifecycleSamples = sampleIndex().filter((e) => LIFECYCLE.includes(e.kind as PayloadKind));

const notPassed = (checks: CheckResult[]) => checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, findings: c.findings }));
const check = (checks: CheckResult[], id: string) => checks.find((c) => c.id === id)!;

describe('the lifecycle samples', () => {
  it('one sample for each lifecycle kind', () => {
    expect(lifecycleSamples.map((e) => e.kind).sort()).toEqual([...LIFECYCLE].sort());
  });

  it.each(lifecycleSamples.map((e) => [e.name, e.kind, e.file]))('%s validates as %s with no check left unpassed, lenient and strict', (_name, kind, file) => {
    for (const strict of [false, true]) {
      const checks = validatePayload(kind as PayloadKind, sample(file), { strict });
      expect(notPassed(checks)).toEqual([]);
      expect(check(checks, 'unknown-properties').findings).toEqual([]);
    }
  });

  it.each(lifecycleSamples.map((e) => [e.name, e.kind, e.file]))('%s (%s) is told from its shape', (_name, kind, file) => {
    expect(detectKind(sample(file))).toBe(shapeKind(kind));
  });

  it('the payment request is the order it is, and validates as an order too', () => {
    const doc = sample('payment-request.json');
    expect(detectKind(doc)).toBe('order');
    expect(notPassed(validatePayload('order', doc, { strict: true }))).toEqual([]);
  });
});

describe('detectKind tells the lifecycle events apart', () => {
  const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';

  it.each([
    // The platform's documented examples.
    [{ OrderId: 'GE1', StatusCode: 'canceled', MerchantGUID: GUID }, 'status-update'],
    [{ OrderId: 'GE1', StatusCode: 'CANCELLED' }, 'status-update'],
    [{ orderId: 'GE1', statusCode: 'cancelled' }, 'status-update'],
    [{ OrderId: 'GE1', MerchantGUID: GUID, OrderStatusReason: { Name: 'Fraud' } }, 'status-update'],
    [{ OrderId: 'GE1', InternationalDetails: { OrderTrackingNumber: '1265443', OrderTrackingUrl: 'http://www.somecarrier.com/?1265443' }, MerchantGUID: GUID }, 'shipping-info'],
    [{ OrderId: 'GE1', internationalDetails: { parcelsTracking: [] } }, 'shipping-info'],
    [{ MerchantGUID: GUID, OrderId: 'GE1', RefundId: '789', TotalRefundAmount: '170.10', OriginalTotalRefundAmount: '114.53', Products: [{ CartItemId: '1' }] }, 'refund'],
    [{ merchantGuid: GUID, orderId: 'GE1', refundId: 789, products: [] }, 'refund'],
    // A captured refund that lacks its RefundId is still a refund (failing its schema naming RefundId).
    [{ OrderId: 'GE1', MerchantGUID: GUID, TotalRefundAmount: '20.30', Products: [] }, 'refund'],
    [{ OrderId: 'GE1', MerchantOrderId: '1', CountryCode: 'US', AdditionalRequiredDocuments: [{ DocumentTypeCode: '11' }] }, 'documents'],
    [{ OrderId: 'GE1', MerchantGUID: GUID, additionalRequiredDocuments: [] }, 'documents'],
  ])('%j is %s', (doc, kind) => {
    expect(detectKind(doc)).toBe(kind);
  });

  it.each([
    // An order stays an order: its products, parties or cart say so, whatever events' fields it also carries.
    [{ MerchantGUID: GUID, OrderId: 'GE1', StatusCode: 'N/A', CartId: 'c' }, 'order'],
    [{ MerchantGUID: GUID, OrderId: 'GE1', StatusCode: 'N/A', Products: [] }, 'order'],
    [{ MerchantGUID: GUID, OrderId: 'GE1', AdditionalRequiredDocuments: [], Products: [], SecondaryShipping: {} }, 'order'],
    [{ MerchantGUID: GUID, OrderId: 'GE1', InternationalDetails: { OrderTrackingNumber: '1' }, Customer: null }, 'order'],
    [{ MerchantGUID: GUID, OrderId: 'GE1', InternationalDetails: { TotalPrice: 97.35 } }, 'order'],
    [{ MerchantGUID: GUID, OrderId: 'GE1', PaymentDetails: { CardNumber: '4111111111111111' } }, 'order'],
    [{ MerchantGUID: GUID, OrderId: 'GE1' }, 'order'],
    // A flat ResponseInfo names OrderId and StatusCode too, beside what only an answer carries.
    [{ Success: true, InternalOrderId: '1001', OrderId: 'NW-1001', StatusCode: 'pending' }, 'order-response'],
    [{ OrderId: 'NW-1001', StatusCode: 'pending', InternalOrderId: '1001' }, undefined],
    [{ ResponseInfo: { Success: true, StatusCode: 'canceled', OrderId: 'GE1' } }, 'order-response'],
    // Nothing to tell an event by.
    [{ OrderId: 'GE1' }, undefined],
    [{ StatusCode: 'canceled' }, undefined],
  ])('%j is %s', (doc, kind) => {
    expect(detectKind(doc)).toBe(kind);
  });

  it('every order sample stays an order with a status, tracking or refund-free fields of its own', () => {
    for (const entry of sampleIndex().filter((e) => e.kind === 'order')) {
      const doc = sample(entry.file);
      doc.StatusCode = 'canceled';
      expect([entry.name, detectKind(doc)]).toEqual([entry.name, 'order']);
    }
  });
});

describe('refund amounts are decimal text', () => {
  it('an amount sent as a number is a tolerated form: a warning, failed with --strict', () => {
    const doc = sample('refund-partial.json');
    doc.TotalRefundAmount = 20.3;
    doc.Products[0].RefundAmount = 20.3;
    const loose = validatePayload('refund', doc);
    expect(check(loose, 'schema').status).toBe('passed');
    expect(check(loose, 'lenient').status).toBe('warning');
    expect(check(loose, 'lenient').findings).toEqual([
      expect.objectContaining({ path: '/TotalRefundAmount', severity: 'warning', expected: 'string', actual: 20.3 }),
      expect.objectContaining({ path: '/Products/0/RefundAmount', severity: 'warning', expected: 'string', actual: 20.3 }),
    ]);
    expect(notPassed(loose).map((c) => c.id)).toEqual(['lenient']);
    const strict = validatePayload('refund', doc, { strict: true });
    expect(check(strict, 'lenient').status).toBe('failed');
    expect(check(strict, 'schema').status).toBe('passed');
  });

  it('RefundId and CartItemId as numbers (as the documentation prints them) and a quantity as text are tolerated too', () => {
    const doc = sample('refund-partial.json');
    doc.RefundId = 50217;
    doc.Products[0].CartItemId = 1;
    doc.Products[0].RefundQuantity = '1';
    const checks = validatePayload('refund', doc);
    expect(notPassed(checks).map((c) => [c.id, c.status])).toEqual([['lenient', 'warning']]);
    expect(check(checks, 'lenient').findings.map((f) => f.path)).toEqual(['/RefundId', '/Products/0/CartItemId', '/Products/0/RefundQuantity']);
  });

  it('an amount that is no decimal fails the schema', () => {
    const doc = sample('refund-partial.json');
    doc.TotalRefundAmount = '20,30';
    doc.Components[0].Amount = 'EUR 20.30';
    const checks = validatePayload('refund', doc);
    expect(check(checks, 'schema').status).toBe('failed');
    expect(check(checks, 'schema').findings.map((f) => f.path)).toEqual(['/TotalRefundAmount', '/Components/0/Amount']);
  });

  it('RefundComment (singular) is read as RefundComments, a tolerated name', () => {
    const doc = sample('refund-partial.json');
    doc.RefundComment = doc.RefundComments;
    delete doc.RefundComments;
    const checks = validatePayload('refund', doc);
    expect(check(checks, 'lenient').findings).toEqual([expect.objectContaining({ path: '/RefundComment', expected: 'RefundComments', severity: 'warning' })]);
  });

  it('a refund without RefundId or its totals fails the schema naming each', () => {
    const doc = sample('refund-partial.json');
    delete doc.RefundId;
    delete doc.OriginalTotalRefundAmount;
    expect(detectKind(doc)).toBe('refund');
    const findings = check(validatePayload('refund', doc), 'schema').findings;
    expect(findings.map((f) => f.path)).toEqual(['/RefundId', '/OriginalTotalRefundAmount']);
  });

  it('refund-amounts: the products cannot add up to more than the refund total', () => {
    const doc = sample('refund-partial.json');
    doc.Products.push({ CartItemId: '2', RefundQuantity: 1, RefundAmount: '11.28', OriginalRefundAmount: '11.28' });
    doc.ServiceGestureAmount = '25.00';
    const checks = validatePayload('refund', doc);
    expect(check(checks, 'refund-amounts').status).toBe('warning');
    expect(check(checks, 'refund-amounts').findings.map((f) => f.path)).toEqual(['/Products', '/Products', '/ServiceGestureAmount']);
    expect(check(validatePayload('refund', doc, { strict: true }), 'refund-amounts').status).toBe('failed');
  });
});

describe('status-update', () => {
  it('without StatusCode fails the schema, naming it', () => {
    const doc = sample('status-update-canceled.json');
    delete doc.StatusCode;
    const checks = validatePayload('status-update', doc);
    expect(check(checks, 'schema').status).toBe('failed');
    expect(check(checks, 'schema').findings).toEqual([expect.objectContaining({ path: '/StatusCode', severity: 'error' })]);
  });

  it.each(['canceled', 'cancelled', 'CANCELLED', 'N/A', 'shipped'])('StatusCode %s passes (merchant-site codes)', (code) => {
    const doc = sample('status-update-canceled.json');
    doc.StatusCode = code;
    expect(notPassed(validatePayload('status-update', doc, { strict: true }))).toEqual([]);
  });

  it('OrderStatusReason may be null; OrderId is required', () => {
    const doc = sample('status-update-canceled.json');
    doc.OrderStatusReason = null;
    expect(notPassed(validatePayload('status-update', doc, { strict: true }))).toEqual([]);
    delete doc.OrderId;
    expect(check(validatePayload('status-update', doc), 'schema').findings).toEqual([expect.objectContaining({ path: '/OrderId' })]);
  });

  it('order fields beside the status (the documentation sends a whole Merchant.Order) are information only', () => {
    const doc = { ...sample('status-update-canceled.json'), CartId: '2c5c7b3db2ed101426cba38d9c534086', PriceCoefficientRate: 1 };
    const checks = validatePayload('status-update', doc, { strict: true });
    expect(notPassed(checks)).toEqual([]);
    expect(check(checks, 'unknown-properties').findings.map((f) => f.path)).toEqual(['/CartId', '/PriceCoefficientRate']);
  });
});

describe('shipping-info', () => {
  it('InternationalDetails is the order record: its casing variants are tolerated, its URLs judged once decoded', () => {
    const doc = sample('shipping-info.json');
    doc.InternationalDetails.orderTrackingNumber = doc.InternationalDetails.OrderTrackingNumber;
    delete doc.InternationalDetails.OrderTrackingNumber;
    doc.InternationalDetails.OrderTrackingUrl = 'not%20a%20url';
    const checks = validatePayload('shipping-info', doc);
    expect(check(checks, 'lenient').findings).toEqual([expect.objectContaining({ path: '/InternationalDetails/orderTrackingNumber', expected: 'OrderTrackingNumber' })]);
    expect(check(checks, 'emails-urls').findings).toEqual([expect.objectContaining({ path: '/InternationalDetails/OrderTrackingUrl' })]);
  });

  it('InternationalDetails is required', () => {
    const doc = sample('shipping-info.json');
    delete doc.InternationalDetails;
    expect(check(validatePayload('shipping-info', doc), 'schema').findings).toEqual([expect.objectContaining({ path: '/InternationalDetails' })]);
  });
});

describe('documents', () => {
  it('the documents are OrderDocument records: an unknown DocumentTypeCode fails, an empty list fails', () => {
    const doc = sample('documents.json');
    doc.AdditionalRequiredDocuments[0].DocumentTypeCode = '12';
    expect(check(validatePayload('documents', doc), 'schema').findings).toEqual([expect.objectContaining({ path: '/AdditionalRequiredDocuments/0/DocumentTypeCode' })]);
    doc.AdditionalRequiredDocuments = [];
    expect(check(validatePayload('documents', doc), 'schema').status).toBe('failed');
  });

  it('without MerchantGUID (the documented example sends none) it still passes; a bad country code does not', () => {
    const doc = sample('documents.json');
    delete doc.MerchantGUID;
    expect(notPassed(validatePayload('documents', doc, { strict: true }))).toEqual([]);
    doc.CountryCode = 'XX';
    expect(check(validatePayload('documents', doc), 'iso-codes').status).toBe('failed');
  });
});

describe('payment-request', () => {
  it('PaymentDetails is mandatory and not null; OrderId and MerchantGUID stay required', () => {
    const doc = sample('payment-request.json');
    doc.PaymentDetails = null;
    delete doc.OrderId;
    const findings = check(validatePayload('payment-request', doc), 'schema').findings;
    expect(findings.map((f) => f.path).sort()).toEqual(['/OrderId', '/PaymentDetails']);
    delete doc.PaymentDetails;
    expect(check(validatePayload('payment-request', doc), 'schema').findings.map((f) => f.path).sort()).toEqual(['/OrderId', '/PaymentDetails']);
    // The same body is a valid order (PaymentDetails is optional there).
    const order = sample('order-full.json');
    expect(check(validatePayload('payment-request', order), 'schema').findings).toEqual([expect.objectContaining({ path: '/PaymentDetails' })]);
  });

  it('reports a problem inside PaymentDetails once, and reads its casing variants like the order does', () => {
    const doc = sample('payment-request.json');
    doc.PaymentDetails.Zzz = 'x';
    doc.PaymentDetails.countryCode = doc.PaymentDetails.CountryCode;
    delete doc.PaymentDetails.CountryCode;
    doc.PaymentDetails.StateOrProvice = doc.PaymentDetails.StateOrProvince;
    delete doc.PaymentDetails.StateOrProvince;
    const checks = validatePayload('payment-request', doc);
    expect(check(checks, 'unknown-properties').findings).toEqual([expect.objectContaining({ path: '/PaymentDetails/Zzz' })]);
    expect(check(checks, 'lenient').findings.map((f) => [f.path, f.severity])).toEqual(
      expect.arrayContaining([
        ['/PaymentDetails/countryCode', 'warning'],
        ['/PaymentDetails/StateOrProvice', 'info'],
      ]),
    );
    expect(check(checks, 'schema').status).toBe('passed');
  });

  it('the sub-orders of a mixed order are orders: they need no PaymentDetails of their own', () => {
    const doc = sample('order-mixed.json');
    doc.PaymentDetails = sample('payment-request.json').PaymentDetails;
    expect(notPassed(validatePayload('payment-request', doc, { strict: true }))).toEqual([]);
  });
});

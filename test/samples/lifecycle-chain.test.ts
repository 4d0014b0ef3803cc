/**
 * The lifecycle samples tell one story with order-full: the same platform order (OrderId, merchant
 * GUID), the merchant's id from its answer (order-response-success's InternalOrderId as
 * MerchantOrderId), the refund naming the order's products and staying within its totals, the
 * documents carrying real base64 PDFs.
 */
import { describe, expect, it } from 'vitest';
import { listSamples, loadSample } from '../../src/samples/catalog.js';

type Obj = Record<string, any>;

const load = (name: string): Obj => loadSample(name) as Obj;
const order = load('order-full');
const answer = load('order-response-success').ResponseInfo as Obj;
const CHAINED = ['payment-request', 'status-update-canceled', 'shipping-info', 'refund-partial', 'documents'];

describe('lifecycle samples chain with order-full', () => {
  it('are listed with their kinds and described', () => {
    const byName = new Map(listSamples().map((s) => [s.name, s]));
    expect(CHAINED.map((n) => byName.get(n)?.kind)).toEqual(['payment-request', 'status-update', 'shipping-info', 'refund', 'documents']);
    for (const name of CHAINED) {
      expect(byName.get(name)!.file).toBe(`${name}.json`);
      expect(byName.get(name)!.description).toContain(order.OrderId);
    }
  });

  it.each(CHAINED)('%s names order-full (OrderId, MerchantGUID) and the merchant id it answered', (name) => {
    const doc = load(name);
    expect(doc.OrderId).toBe(order.OrderId);
    expect(doc.MerchantGUID).toBe(order.MerchantGUID);
    expect(doc.MerchantOrderId).toBe(answer.InternalOrderId);
  });

  it('the payment request is order-full itself, now with the merchant id and PaymentDetails', () => {
    const doc = load('payment-request');
    const { MerchantOrderId, PaymentDetails, ...rest } = doc;
    const { MerchantOrderId: before, PaymentDetails: none, ...orderRest } = order;
    expect([before, none]).toEqual([null, null]);
    expect(rest).toEqual(orderRest);
    expect(PaymentDetails).toEqual(load('order-payment').PaymentDetails);
    // What the merchant charges is the order's total.
    expect(doc.OrderPaymentMethods[0].PaidAmountInMerchantCurrency).toBe(order.InternationalDetails.TotalPrice);
  });

  it('the status update cancels the order with a reason', () => {
    const doc = load('status-update-canceled');
    expect(doc.StatusCode).toBe('canceled');
    expect(doc.OrderStatusReason.OrderStatusReasonCode).toEqual(expect.any(String));
  });

  it("the shipping info carries the order's carrier, tracking and parcel", () => {
    const details = load('shipping-info').InternationalDetails;
    for (const key of ['ShippingMethodCode', 'ShippingMethodName', 'OrderTrackingNumber', 'OrderTrackingUrl', 'OrderWaybillNumber', 'DeliveryDaysFrom', 'DeliveryDaysTo']) {
      expect([key, details[key]]).toEqual([key, order.InternationalDetails[key]]);
    }
    expect(details.ParcelsTracking.map((p: Obj) => p.ParcelCode)).toEqual(order.InternationalDetails.ParcelsTracking.map((p: Obj) => p.ParcelCode));
    expect(decodeURIComponent(details.OrderTrackingUrl)).toMatch(/^https:\/\/www\.dhl\.com\/.*tracking-id=4711836520$/);
  });

  it("the refund is partial: one of order-full's products, within its quantity, price and totals", () => {
    const refund = load('refund-partial');
    const products = new Map((order.Products as Obj[]).filter((p) => p.CartItemId).map((p) => [p.CartItemId, p]));
    expect(refund.Products).toHaveLength(1);
    let sum = 0;
    for (const line of refund.Products as Obj[]) {
      const ordered = products.get(line.CartItemId);
      expect(ordered, line.CartItemId).toBeDefined();
      expect(line.RefundQuantity).toBeGreaterThan(0);
      expect(line.RefundQuantity).toBeLessThan(ordered!.Quantity + 1);
      // DiscountedPrice is the product's value after discounts: the documented refund value.
      expect(Number(line.RefundAmount)).toBeCloseTo(ordered!.InternationalDiscountedPrice * line.RefundQuantity, 2);
      expect(Number(line.OriginalRefundAmount)).toBeCloseTo(ordered!.DiscountedPrice * line.RefundQuantity, 2);
      sum += Number(line.RefundAmount);
    }
    expect(Number(refund.TotalRefundAmount)).toBeCloseTo(sum + Number(refund.ServiceGestureAmount), 2);
    expect(Number(refund.TotalRefundAmount)).toBeLessThan(order.InternationalDetails.TotalPrice);
    expect(Number(refund.OriginalTotalRefundAmount)).toBeLessThan(order.InternationalDetails.TotalPrice * order.RoundingRate + 0.01);
    expect(refund.CurrencyCode).toBe(order.InternationalDetails.CurrencyCode);
    expect(refund.OriginalCurrencyCode).toBe(order.CurrencyCode);
    const components = (refund.Components as Obj[]).reduce((a, c) => a + Number(c.Amount), 0);
    expect(components).toBeCloseTo(Number(refund.TotalRefundAmount), 2);
    // A partial refund leaves the rest of the order to refund later.
    expect(refund.Products.length).toBeLessThan(products.size);
  });

  it('the documents are base64 PDFs for the order, its parcel and its tracking number', () => {
    const doc = load('documents');
    expect(doc.CountryCode).toBe(order.SecondaryShipping.CountryCode);
    expect(doc.AdditionalRequiredDocuments.length).toBeGreaterThan(0);
    expect(doc.AdditionalRequiredDocuments.length).toBeLessThan(3);
    for (const d of doc.AdditionalRequiredDocuments as Obj[]) {
      expect(d.DocumentExtension).toBe('PDF');
      expect(Buffer.from(d.DocumentData, 'base64').toString('latin1')).toMatch(/^%PDF-1\.\d[\s\S]*%%EOF\s*$/);
      expect(d.TrackingNumber).toBe(order.InternationalDetails.OrderTrackingNumber);
      expect(d.ParcelCode).toBe(order.InternationalDetails.ParcelsTracking[0].ParcelCode);
    }
  });
});

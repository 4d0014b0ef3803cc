/** The large order of `check`: its size, its lines, its invoice, and that it is still a valid order with consistent totals. */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { DEFAULT_LARGE_ORDER_BYTES, largeOrderBase, withInvoice } from '../../src/merchant/large-order.js';
import { invoicePdf } from '../../src/merchant/invoice-pdf.js';
import { merchantTotal, orderFromCart } from '../../src/merchant/cart-order.js';
import { candidateTotals } from '../../src/checks/order-totals.js';
import { validatePayload } from '../../src/validation/index.js';

type Obj = Record<string, any>;

/** The offsets the cross-reference table gives, each checked to be where its object starts. */
function xrefPointsAtObjects(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(start, start + 5)).toBe('xref\n');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(start))!;
  const entries = text.slice(start).split('\n').slice(3, 2 + Number(count));
  entries.forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
  });
  return entries.length;
}

/**
 * The order's totals agree: its products, shipping and discounts add up to InternationalDetails'
 * total and to what it was paid with, to the cent; the sum of the DiscountedPrices (a cart discount
 * spread over the units, each rounded to the cent) within half a cent a unit.
 */
function expectConsistentTotals(order: Obj): void {
  const total = merchantTotal(order);
  expect(order.InternationalDetails.TotalPrice).toBeCloseTo(total, 2);
  const paid = (order.OrderPaymentMethods as Obj[]).reduce((s, m) => s + m.PaidAmountInMerchantCurrency, 0);
  expect(paid).toBeCloseTo(total, 2);
  const units = (order.Products as Obj[]).reduce((s, p) => s + p.Quantity, 0);
  for (const candidate of candidateTotals(order).get(order.CurrencyCode)!) expect(Math.abs(candidate - total)).toBeLessThanOrEqual(0.005 * units + 0.001);
}

describe('the large order', () => {
  const config = defaultConfig();

  it('is just over 1 MiB by default, within 3 bytes of the size asked for, with 100 lines and an invoice PDF', () => {
    expect(DEFAULT_LARGE_ORDER_BYTES).toBeGreaterThan(1024 * 1024);
    const { order, bytes } = withInvoice(largeOrderBase(config, 'GE000000001DE', DEFAULT_LARGE_ORDER_BYTES), DEFAULT_LARGE_ORDER_BYTES);
    expect(bytes).toBe(Buffer.byteLength(JSON.stringify(order)));
    expect(bytes - DEFAULT_LARGE_ORDER_BYTES).toBeGreaterThanOrEqual(0);
    expect(bytes - DEFAULT_LARGE_ORDER_BYTES).toBeLessThanOrEqual(3);
    expect(order.Products).toHaveLength(100);
    const products = order.Products as Obj[];
    expect(new Set(products.map((p) => p.CartItemId)).size).toBe(100);
    expect(Math.min(...products.map((p) => p.ProductName.length))).toBeGreaterThan(100);
    expect(products[0]!.MetaData.Attributes[0].AttributeKey).toBe('engraving');
    // The one document the platform sends: the VAT invoice, its PDF attached.
    const documents = order.OrderDocuments as Obj[];
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ DocumentTypeCode: '5', DocumentExtension: 'PDF' });
    const pdf = Buffer.from(documents[0]!.DocumentData, 'base64');
    expect(pdf.toString('base64')).toBe(documents[0]!.DocumentData);
    expect(pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.4\n');
    expect(pdf.toString('latin1')).toContain(`(VAT invoice for order GE000000001DE) Tj`);
    expect(xrefPointsAtObjects(pdf)).toBe(6);
    expect(pdf.length).toBeGreaterThan(600_000);
  });

  it('is a valid order whose totals add up, lines and all', () => {
    const { order } = withInvoice(largeOrderBase(config, 'GE000000002DE', DEFAULT_LARGE_ORDER_BYTES), DEFAULT_LARGE_ORDER_BYTES);
    expect(validatePayload('order', order).filter((c) => c.status === 'failed')).toEqual([]);
    expect(order.MerchantGUID).toBe(config.merchantGUID);
    expect(order.MerchantOrderId).toBeNull();
    expectConsistentTotals(order);
  });

  it('on a cart of the merchant\'s, has that cart\'s lines, consistent totals, and the invoice makes up the size', () => {
    const cart = { productsList: [{ ProductCode: 'SKU1', CartItemId: 'c1', Name: 'Linen Shirt', SalePrice: 49.9, OrderedQuantity: 2 }, { ProductCode: 'SKU2', CartItemId: 'c2', Name: 'Mug', SalePrice: 12.5, OrderedQuantity: 1 }], currencyCode: 'EUR', merchantCartHash: 'h4sh' };
    const carted = orderFromCart(largeOrderBase(config, 'GE000000003DE', 300_000), cart, 'tok-1');
    const { order, bytes } = withInvoice(carted, 300_000);
    expect(bytes - 300_000).toBeGreaterThanOrEqual(0);
    expect(bytes - 300_000).toBeLessThanOrEqual(3);
    expect((order.Products as Obj[]).map((p) => p.CartItemId)).toEqual(['c1', 'c2']);
    expect(order).toMatchObject({ CartId: 'tok-1', CartHash: 'h4sh' });
    expectConsistentTotals(order);
    expect(validatePayload('order', order).filter((c) => c.status === 'failed')).toEqual([]);
  });

  it('has one line per 10 kB asked for (at least one), and the smallest invoice when the order alone is that long', () => {
    expect(largeOrderBase(config, 'GE4', 200_000).Products).toHaveLength(20);
    const tiny = withInvoice(largeOrderBase(config, 'GE5', 1000), 1000);
    expect(tiny.order.Products).toHaveLength(1);
    expect(tiny.bytes).toBeGreaterThan(1000);
    expect(Buffer.from((tiny.order.OrderDocuments as Obj[])[0]!.DocumentData, 'base64').subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });
});

describe('the invoice PDF', () => {
  const text = { orderId: 'GE1', currency: 'EUR', lines: [{ quantity: 2, name: 'Oak (natural) \\ sideboard, crème', price: 649 }] };

  it('is exactly the size asked for, whatever the size, its offsets right', () => {
    const smallest = invoicePdf(text, 0).length;
    for (const size of [smallest, smallest + 1, smallest + 2, 1500, 4095, 99_999, 100_000, 1_048_576, 1_000_003]) {
      const pdf = invoicePdf(text, size);
      expect(pdf.length, String(size)).toBe(size);
      expect(pdf.toString('latin1').endsWith('%%EOF\n')).toBe(true);
      xrefPointsAtObjects(pdf);
    }
  });

  it('escapes the text of the page: parentheses and backslashes, and no byte beyond ASCII', () => {
    const page = invoicePdf(text, 0).toString('latin1');
    expect(page).toContain('(2 x Oak \\(natural\\) \\\\ sideboard, cr?me  649.00 EUR) Tj');
  });
});

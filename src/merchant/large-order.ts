/**
 * The large order of `check` (case `order-large`): an order as large as real ones get, so a
 * merchant behind a body limit tuned for small orders (express.json() 100 kB, nginx 1 MiB, Next.js
 * 1 MB) finds out before production does. It is order-full with many lines (long names, a
 * personalisation text each), a long comment, and the VAT invoice attached as a PDF (the interface's
 * OrderDocuments[].DocumentData, base64) that makes up the size asked for. It converts a cart like
 * every order: on a cart the merchant issued, the lines are that cart's and the invoice makes up
 * the rest.
 */
import type { XborderConfig } from '../model.js';
import { getString, isObject, toNumber, type JsonObject } from '../json/props.js';
import { loadSample } from '../samples/catalog.js';
import { prepareSampleOrder } from './requests.js';
import { orderFromCart } from './cart-order.js';
import { invoicePdf } from './invoice-pdf.js';

/** The case's name in reports. */
export const LARGE_ORDER_VARIANT = 'order-large';

/**
 * The default size of its body: just over 1 MiB, past express.json()'s 100 kB, nginx's
 * client_max_body_size 1m (1 MiB) and Next.js's 1 MB, with room to spare.
 */
export const DEFAULT_LARGE_ORDER_BYTES = 1_100_000;

/** The largest `--large-order-bytes`: 100 MiB (a string of that size is still cheap to build and send). */
export const MAX_LARGE_ORDER_BYTES = 100 * 1024 * 1024;

/** Lines of an order the run made up (no cart of the merchant's): one per 10 kB asked for, at most 100, as the fuzzer's largest. */
const BYTES_PER_LINE = 10_000;
const MAX_LINES = 100;

/** An order made ready to post, and its body's size on the wire. */
export interface SizedOrder {
  order: JsonObject;
  bytes: number;
}

/**
 * The large order before its cart and its document: order-full, prepared like every sample, with
 * lines made up for a cart of the same currency (converted as the platform converts a cart, so the
 * totals follow the lines) and a long comment.
 */
export function largeOrderBase(config: XborderConfig, orderId: string, bytes: number): JsonObject {
  const sample = prepareSampleOrder(loadSample('order-full'), config, orderId) as JsonObject;
  const lines = Math.min(MAX_LINES, Math.max(1, Math.floor(bytes / BYTES_PER_LINE)));
  const currency = getString(sample, 'CurrencyCode') ?? config.merchant.currencyCode;
  const order = orderFromCart(sample, madeUpCart(lines, currency, sample.CartHash), String(sample.CartId));
  order.Products = (order.Products as JsonObject[]).map((p, i) => ({ ...p, GiftMessage: i % 5 === 0 ? GIFT_MESSAGE : null, MetaData: { Attributes: [{ AttributeKey: 'engraving', AttributeValue: engraving(i) }] } }));
  order.CustomerComments = COMMENT;
  return order;
}

/**
 * `order` with its invoice attached: OrderDocuments[0] (the one document the platform sends, a VAT
 * invoice or a receipt) carries a PDF of its lines as DocumentData, sized so the body is `bytes`
 * long (up to 3 bytes more: base64 comes in fours), or the smallest invoice when the order alone is
 * that long already.
 */
export function withInvoice(order: JsonObject, bytes: number): SizedOrder {
  const documents = Array.isArray(order.OrderDocuments) ? order.OrderDocuments : [];
  const first = isObject(documents[0]) ? documents[0] : {};
  const invoice: JsonObject = { DocumentTypeCode: '5', DocumentTypeName: 'VATInvoice', ...first, DocumentExtension: 'PDF' };
  const empty = { ...order, OrderDocuments: [{ ...invoice, DocumentData: '' }, ...documents.slice(1)] };
  // Base64 adds no JSON escapes (its alphabet needs none), so each of its characters is one byte.
  const room = bytes - Buffer.byteLength(JSON.stringify(empty));
  const pdf = invoicePdf(invoiceText(order), Math.max(0, Math.ceil(room / 4) * 3));
  const data = pdf.toString('base64');
  const sized = { ...order, OrderDocuments: [{ ...invoice, DocumentData: data }, ...documents.slice(1)] };
  return { order: sized, bytes: Buffer.byteLength(JSON.stringify(sized)) };
}

/** What the invoice prints: the order's lines as they are after its cart. */
function invoiceText(order: JsonObject): Parameters<typeof invoicePdf>[0] {
  const products = Array.isArray(order.Products) ? order.Products.filter(isObject) : [];
  return {
    orderId: getString(order, 'OrderId') ?? '',
    currency: getString(order, 'CurrencyCode') ?? '',
    lines: products.map((p) => ({ quantity: toNumber(p.Quantity) ?? 1, name: getString(p, 'ProductName') ?? getString(p, 'Sku') ?? '', price: toNumber(p.Price) ?? 0 })),
  };
}

/** Goods a large order of a home and fashion store holds, named as stores name them: long. */
const GOODS = [
  { code: 'OAK-SIDEBOARD', name: 'Hand-finished solid oak sideboard with three soft-close drawers, brushed brass handles and two adjustable shelves', price: 649, hs: '940360' },
  { code: 'LINEN-SET', name: 'Stone-washed organic linen bed set: duvet cover 240 x 220 cm, fitted sheet 180 x 200 cm and two pillowcases 65 x 65 cm', price: 189.9, hs: '630231' },
  { code: 'MERINO-JUMPER', name: 'Fully fashioned extra-fine merino wool crew-neck jumper with ribbed cuffs and hem, knitted in Portugal', price: 119, hs: '611011' },
  { code: 'ESPRESSO', name: 'Stainless steel dual-boiler espresso machine with 15-bar pump, PID temperature control, steam wand and 2.5 litre tank', price: 1249, hs: '851671' },
  { code: 'DINNER-PLATE', name: 'Handmade stoneware dinner plate, 27 cm, reactive glaze (every piece unique), dishwasher and microwave safe', price: 24.5, hs: '691200' },
  { code: 'WOOL-RUG', name: 'Hand-tufted New Zealand wool rug with a low-pile geometric pattern and a cotton backing, 200 x 300 cm', price: 429, hs: '570390' },
];
const COLOURS = ['natural', 'smoked', 'charcoal grey', 'forest green', 'Bordeaux red', 'crème'];
const SIZES = ['S', 'M', 'L', 'XL', 'one size'];

/** A cart of `lines` products in `currency`, as GetCheckoutCartInfo answers one (the fields orderFromCart reads). */
function madeUpCart(lines: number, currency: string, hash: unknown): JsonObject {
  const productsList = Array.from({ length: lines }, (_, i) => {
    const goods = GOODS[i % GOODS.length]!;
    const colour = COLOURS[i % COLOURS.length]!;
    const size = SIZES[i % SIZES.length]!;
    return {
      ProductCode: `${goods.code}-${String(i + 1).padStart(3, '0')}`,
      CartItemId: String(i + 1),
      Name: `${goods.name}, colour: ${colour}, size: ${size} (line ${i + 1} of ${lines})`,
      SalePrice: goods.price,
      OrderedQuantity: 1 + (i % 3),
      GenericHSCode: goods.hs,
      VATRateType: { Name: 'Standard', Rate: 19, VATRateTypeCode: 'standard' },
      Attributes: [{ AttributeTypeCode: 'colour', AttributeCode: colour }, { AttributeTypeCode: 'size', AttributeCode: size }],
      Brand: { BrandCode: 'NORDHAUS', Name: 'Nordhaus Living' },
      Categories: [{ CategoryCode: 'HOME', Name: 'Home & living' }],
    };
  });
  return { productsList, currencyCode: currency, ...(typeof hash === 'string' ? { merchantCartHash: hash } : {}) };
}

/** A line's personalisation (Product.MetaData: "personalisation such as engraving"). */
function engraving(i: number): string {
  return `Personalised engraving on line ${i + 1}: "For Anna and Jonas, on the day you moved into the house on Lindenstraße - with love from all of us, see you at the housewarming"`;
}

const GIFT_MESSAGE = 'Happy housewarming! We could not decide, so here is a bit of everything for the new place. Enjoy every room of it, and let us know when the kettle is on. Love, Grete, Paul and the twins';

/** The shopper's comment: delivery instructions as long as shoppers write them. */
const COMMENT = 'Bitte beim Nachbarn (Wagner, EG links) abgeben, falls niemand öffnet. Large items please to the garage at the back of the house (the gate code is given by phone), never to the front door: the hallway is narrow and freshly painted. ' +
  'Deliveries Monday to Friday between 8:00 and 13:00 only; we are away from 14 to 21 of next month. The sideboard and the rug may come separately; please call 30 minutes before arrival on the number in the shipping address. ' +
  'Please take the packaging of the furniture back with you if possible. The gift items (marked with a gift message) should be wrapped and must not show prices: they are presents for the housewarming.';

/**
 * The cart faults: each one breaks exactly one documented cart rule on an otherwise conforming cart.
 * When the sample lacks what a fault needs (no bundle, no child item), the fault adds a minimal one,
 * so every fault is observable whatever the sample holds.
 */
import { findKey, getProp, getString, isObject, type JsonObject } from '../../json/props.js';

/** Price fields of a cart product. */
const PRICE_FIELDS = ['ListPrice', 'OriginalListPrice', 'SalePrice', 'OriginalSalePrice', 'SalePriceBeforeRounding', 'LineItemSalePrice', 'LineItemOriginalSalePrice'];

/** What of the platform's cart request a fault reads (cart.ts's CartRequest has it). */
interface AskedFor {
  currencyCode?: string;
}

/** Returns `cart` spoiled by `fault` (unchanged for a fault that is not about the cart). */
export function applyCartFault(cart: JsonObject, fault: string | undefined, request: AskedFor): JsonObject {
  const fix = fault === undefined ? undefined : CART_FAULTS[fault];
  if (fix) fix(cart, request);
  return cart;
}

type CartFix = (cart: JsonObject, request: AskedFor) => void;

const CART_FAULTS: Record<string, CartFix> = {
  'cart-schema-break': (cart) => {
    const key = productsKey(cart);
    cart[key] = Object.fromEntries(products(cart).map((p, i) => [String(i), p]));
  },
  'cart-casing': (cart) => {
    const key = productsKey(cart);
    const list = cart[key];
    delete cart[key];
    cart.ProductsList = list;
  },
  'cart-bundle-prices': (cart) => {
    const { bundle, children } = bundleWithChildren(cart);
    // The sample's bundle carries the price; its contents become priced too.
    if (!(Number(getProp(bundle, 'SalePrice')) > 0)) setPrice(bundle, 40);
    for (const child of children) setPrice(child, 20);
  },
  'cart-child-with-cartitemid': (cart) => {
    const child = childItem(cart);
    child.CartItemId = `${getString(child, 'ParentCartItemId') ?? 'item'}-child`;
  },
  'cart-orphan-parent': (cart) => {
    const child = childItem(cart);
    child[findKey(child, 'ParentCartItemId') ?? 'ParentCartItemId'] = 'no-such-cart-item';
  },
  'cart-discount-orphan': (cart) => {
    const key = findKey(cart, 'discountsList') ?? findKey(cart, 'discountList') ?? 'discountsList';
    const list = Array.isArray(cart[key]) ? (cart[key] as unknown[]) : [];
    const discount = list.find(isObject) ?? { OriginalDiscountValue: 5, CalculationMode: 2, DiscountType: 1, Name: 'Product discount' };
    if (!list.includes(discount)) list.push(discount);
    discount[findKey(discount, 'ProductCartItemId') ?? 'ProductCartItemId'] = 'no-such-cart-item';
    cart[key] = list;
  },
  'cart-partial-dimensions': (cart) => {
    const product = physicalProduct(cart);
    for (const name of ['Width', 'Volume']) {
      const key = findKey(product, name);
      if (key !== undefined) delete product[key];
    }
    product[findKey(product, 'Height') ?? 'Height'] = 10;
    product[findKey(product, 'Length') ?? 'Length'] = 20;
  },
  'cart-virtual-weight': (cart) => {
    const product = products(cart).find((p) => getProp(p, 'IsVirtual') === true) ?? physicalProduct(cart);
    product[findKey(product, 'IsVirtual') ?? 'IsVirtual'] = true;
    product[findKey(product, 'Weight') ?? 'Weight'] = 250;
    product[findKey(product, 'Height') ?? 'Height'] = 5;
    product[findKey(product, 'Length') ?? 'Length'] = 20;
    product[findKey(product, 'Width') ?? 'Width'] = 15;
  },
  'cart-negative-price': (cart) => {
    const product = topLevelProducts(cart)[0] ?? addProduct(cart, { ProductCode: 'XB-NEG-1', OrderedQuantity: 1 });
    // Every sale price field goes negative together, so only the sign rule is broken.
    for (const name of ['SalePrice', 'OriginalSalePrice', 'SalePriceBeforeRounding']) {
      const key = findKey(product, name);
      if (key !== undefined || name !== 'SalePriceBeforeRounding') product[key ?? name] = -19.99;
    }
    for (const name of ['LineItemSalePrice', 'LineItemOriginalSalePrice']) {
      const key = findKey(product, name);
      if (key !== undefined) product[key] = -19.99 * quantity(product);
    }
  },
  'cart-bad-currency': (cart) => {
    cart[findKey(cart, 'currencyCode') ?? 'currencyCode'] = 'EUX';
  },
  'cart-wrong-currency': (cart, request) => {
    const asked = (request.currencyCode ?? getString(cart, 'currencyCode') ?? 'EUR').toUpperCase();
    cart[findKey(cart, 'currencyCode') ?? 'currencyCode'] = asked === 'USD' ? 'EUR' : 'USD';
  },
};

function productsKey(cart: JsonObject): string {
  return findKey(cart, 'productsList') ?? 'productsList';
}

/** The cart's products (objects only); creates the list when missing. */
function products(cart: JsonObject): JsonObject[] {
  const key = productsKey(cart);
  if (!Array.isArray(cart[key])) cart[key] = [];
  return (cart[key] as unknown[]).filter(isObject);
}

function addProduct(cart: JsonObject, product: JsonObject): JsonObject {
  const key = productsKey(cart);
  products(cart);
  (cart[key] as unknown[]).push(product);
  return product;
}

/** Products that are not children of another item. */
function topLevelProducts(cart: JsonObject): JsonObject[] {
  return products(cart).filter((p) => getString(p, 'ParentCartItemId') === undefined);
}

/** A product with physical shipping (not virtual, not a bundle's child), first one found. */
function physicalProduct(cart: JsonObject): JsonObject {
  return topLevelProducts(cart).find((p) => getProp(p, 'IsVirtual') !== true && getProp(p, 'IsBundle') !== true)
    ?? addProduct(cart, { ProductCode: 'XB-PHYS-1', Name: 'Physical product', OrderedQuantity: 1, SalePrice: 10, OriginalSalePrice: 10, CartItemId: 'xb-phys-1' });
}

/** A child option item (ParentCartItemId set, no CartItemId of its own); added when the cart has none. */
function childItem(cart: JsonObject): JsonObject {
  const existing = products(cart).find((p) => getString(p, 'ParentCartItemId') !== undefined && getString(p, 'CartItemId') === undefined);
  if (existing) return existing;
  const parent = physicalProduct(cart);
  const parentId = getString(parent, 'CartItemId') ?? 'xb-parent-1';
  parent[findKey(parent, 'CartItemId') ?? 'CartItemId'] = parentId;
  return addProduct(cart, { ProductCode: 'XB-OPT-1', Name: 'Gift wrap', OrderedQuantity: 1, SalePrice: 0, OriginalSalePrice: 0, ParentCartItemId: parentId, CartItemOptionId: 'opt-1' });
}

/** A bundle and the items it contains (ParentCartItemId = the bundle's CartItemId); added when missing. */
function bundleWithChildren(cart: JsonObject): { bundle: JsonObject; children: JsonObject[] } {
  for (const bundle of products(cart).filter((p) => getProp(p, 'IsBundle') === true)) {
    const id = getString(bundle, 'CartItemId');
    const children = products(cart).filter((p) => id !== undefined && getString(p, 'ParentCartItemId') === id);
    if (children.length > 0) return { bundle, children };
  }
  const bundle = addProduct(cart, { ProductCode: 'XB-BUNDLE-1', Name: 'Bundle', OrderedQuantity: 1, IsBundle: true, CartItemId: 'xb-bundle-1', SalePrice: 0, OriginalSalePrice: 0 });
  const child = addProduct(cart, { ProductCode: 'XB-BUNDLE-1-A', Name: 'Bundle part', OrderedQuantity: 1, ParentCartItemId: 'xb-bundle-1', SalePrice: 0, OriginalSalePrice: 0 });
  return { bundle, children: [child] };
}

/** Gives a product a non-zero price in every price field it carries (SalePrice at least). */
function setPrice(product: JsonObject, price: number): void {
  let touched = false;
  for (const name of PRICE_FIELDS) {
    const key = findKey(product, name);
    if (key !== undefined) {
      product[key] = name.startsWith('LineItem') ? price * quantity(product) : price;
      touched = true;
    }
  }
  if (!touched) product.SalePrice = price;
}

function quantity(product: JsonObject): number {
  const q = Number(getProp(product, 'OrderedQuantity') ?? 1);
  return Number.isFinite(q) && q > 0 ? q : 1;
}

/** Pages of the storefront checks (`xborder storefront URL...`): the page's data attributes. */
import type { CheckPage } from './types.js';

/** storefront-countries, storefront-pc, storefront-pc-in-cart, storefront-manipulate, storefront-switcher, storefront-cart-token. */
export const STOREFRONT_PAGES: Record<string, CheckPage> = {
  'storefront-countries': {
    why: 'Product country exceptions (restricting a product before checkout, or a reduced VAT rate for it) are set with the data-countries attribute on the storefront. The platform\'s script reads it as JSON; an attribute that does not parse, or keys that are not country codes, means a restricted product is offered where it cannot ship, or VAT is computed at the full rate.',
    failing: '<div class="product" data-countries="{"DE": {"restricted": "yes", "vat": 7}}">\n-> data-countries is cut at its first inner quote (plain " inside a "-quoted attribute)',
    fixed: '<div class="product" data-countries=\'{"DE": {"restricted": true, "vat": 7}}\'>\n(or data-countries="{&quot;DE&quot;: {&quot;restricted&quot;: true, &quot;vat&quot;: 7}}")',
    fix: 'Render the attribute with the template engine\'s attribute escaping (or single quotes around the JSON), key it by ISO 3166-1 alpha-2 codes or "all", give restricted and forbidden as true/false and vat as a percentage from 0 to 100.',
  },
  'storefront-pc': {
    why: 'Price coefficients for classes of products (heavy, fragile, luxury) are selected by the data-pc attribute on the page and ProductClassCode in the cart. An empty data-pc prices the product with the default coefficient on the page while checkout may use another: the shopper sees one price and pays another.',
    failing: '<span class="price" data-pc="">49.90</span>',
    fixed: '<span class="price" data-pc="extra-charge">49.90</span>',
    fix: 'Fill data-pc with the product\'s class code (the same value the cart returns as ProductClassCode), or leave the attribute out for products without a class.',
  },
  'storefront-pc-in-cart': {
    why: 'A data-pc code on the page must be the ProductClassCode the cart returns for that product, or the page and checkout price it with different coefficients. A cart code no page shows is only a warning: the page may not have been among those checked.',
    failing: 'page: <span data-pc="luxury">  cart: { "productsList": [ { "ProductCode": "SKU-1", "ProductClassCode": "lux" } ] }\n-> data-pc "luxury" is the ProductClassCode of no product in the merchant\'s cart',
    fixed: 'page: <span data-pc="lux">  cart: { "productsList": [ { "ProductCode": "SKU-1", "ProductClassCode": "lux" } ] }',
    fix: 'Take both values from the same product field in the merchant\'s catalogue, and pass every product page that uses a class to `xborder storefront URL... --cart`.',
  },
  'storefront-manipulate': {
    why: 'data-manipulate holds per-country changes the platform\'s script applies to the page. It is JSON keyed by country; a key that is not an ISO country code is never matched, so the change silently never happens.',
    failing: '<div data-manipulate=\'{"Germany": {"hide": true}}\'>',
    fixed: '<div data-manipulate=\'{"DE": {"hide": true}}\'>',
    fix: 'Key the object by ISO 3166-1 alpha-2 codes (two capital letters) and render it as valid JSON inside the attribute (escape quotes).',
  },
  'storefront-switcher': {
    why: 'The platform puts its country and currency switcher in the element marked data-ge-shippingswitcher-flag (and its mobile twin); without one it places the switcher itself. Information: which of the two happens, so a switcher in the wrong place can be traced to the page.',
    failing: '(information only) no element carries data-ge-shippingswitcher-flag: the platform places its country switcher itself',
    fixed: '<li class="header-switcher" data-ge-shippingswitcher-flag></li>\n-> the country switcher goes in li.header-switcher',
    fix: 'Mark the header element where the switcher belongs with data-ge-shippingswitcher-flag (and data-ge-mobile-shippingswitcher-flag for the mobile header) if the default placement is wrong.',
  },
  'storefront-cart-token': {
    why: 'The cart token is rendered in a cookie or in the HTML DOM, and the platform reads it from there to call GetCheckoutCartInfo with merchantCartToken. Information: where the page renders it, so a checkout that cannot find the cart can be traced to the page.',
    failing: '(information only) no cookie named like a cart and no DOM value named like merchantCartToken: the token may be set by a script',
    fixed: '<input type="hidden" name="merchantCartToken" value="2c5c7b3db2ed101426cba38d9c534086">\n-> the page renders a cart token in input[name=merchantCartToken]',
    fix: 'Render the token the way the platform\'s script is configured to read it (a cookie or a DOM value named after merchant.cartTokenParam), on every page from which checkout can open.',
  },
};

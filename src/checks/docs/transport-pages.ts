/** Pages of the transport and body checks every answer goes through. */
import type { CheckPage } from './types.js';

/** reachable, within-timeout, status-200, content-type-json, json-body. */
export const TRANSPORT_PAGES: Record<string, CheckPage> = {
  reachable: {
    why: 'The platform calls GetCheckoutCartInfo when the cart page loads and when a shopper opens checkout, and SendOrderToMerchant after payment. If the merchant cannot be reached, cart totals are not shown, checkout does not open, and an order that fails to start is retried once a minute, at most 3 times, before an alert is raised for manual review. xborder cannot judge anything else about an endpoint it cannot reach, so this check is errored (exit 3), not failed. A merchant that answered earlier in the run and then drops a request and answers nothing more (its process crashed under it) fails it on that request: the run re-probes once, sends nothing more to a dead host, and says in its headline when the merchant stopped and what was in flight.',
    failing: 'GET https://shop.example.com/get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=2c5c...\n-> connect ECONNREFUSED 127.0.0.1:8443 (nothing listens on the port)',
    fixed: 'GET https://shop.example.com/get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=2c5c...\n-> HTTP 200, Content-Type: application/json',
    fix: 'Check merchant.baseUrl (scheme, host, port, base path) and that the server is running and reachable from where xborder runs: DNS, firewall rules, and for the `ip` auth mode that localAddress exists on this machine. A reset in the middle of a body usually means a proxy or the application crashed while writing the answer; a merchant that stopped answering mid-run crashed or was stopped: its own log names the request it died on.',
  },
  'within-timeout': {
    why: 'The platform waits 5 minutes for SendOrderToMerchant (timeoutMs), then gives up: a timeout is not retried, it raises an alert for manual review while the shopper has already paid. An answer that comes after the timeout is one the platform never reads. Past half of the timeout is a warning because real load makes slow endpoints time out.',
    failing: 'POST /order-update-create-url  (timeoutMs 300000)\n-> no complete answer within the timeout (TIMEOUT_TOTAL)',
    fixed: 'POST /order-update-create-url\n-> HTTP 200 in 840 ms\n{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fix: 'Answer as soon as the order is stored: do slow work (ERP export, e-mails, inventory sync) after answering, in a queue. Look for locks held across the request and calls to third parties without their own timeout.',
  },
  'status-200': {
    why: 'The platform treats anything but HTTP 200 to a valid request as a failure: a cart answered otherwise shows no international totals and checkout does not open; an order answered otherwise is not retried and goes to manual review. Redirects are never followed by the platform, so a 301 to a login page or to https is a failure too.',
    failing: 'GET /get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=2c5c...\n-> HTTP 302 Location: /login?returnUrl=%2Fget-checkout-cart-info-url',
    fixed: 'GET /get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=2c5c...\n-> HTTP 200\n{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalePrice": 49.9 } ] }',
    fix: 'Exempt the endpoint from session login, CSRF and https redirects, and make the configured credentials work for it (a 401 or 403 in a mode you listed usually means the credentials in the configuration are not the ones the merchant expects). A 404 means the path or merchant.baseUrl is wrong; a 405, that merchant.cartMethods lists a method the endpoint does not take.',
  },
  'content-type-json': {
    why: 'Payloads of the interface are JSON with Content-Type application/json. Some platform clients and proxies refuse or re-encode a body labelled text/html or text/plain, and a label that says HTML is usually the sign of a framework error page answered with HTTP 200.',
    failing: 'HTTP 200\nContent-Type: text/html; charset=utf-8\n\n{"ResponseInfo":{"Success":true,"InternalOrderId":"100045"}}',
    fixed: 'HTTP 200\nContent-Type: application/json; charset=utf-8\n\n{"ResponseInfo":{"Success":true,"InternalOrderId":"100045"}}',
    fix: 'Return the answer through the framework\'s JSON response (res.json(), JsonResult, JsonResponse) rather than writing a string, or set the header explicitly: Content-Type: application/json.',
  },
  'json-body': {
    why: 'The platform parses the body as JSON to read the cart or the ResponseInfo. An empty body, an HTML page, a truncated body or bytes that are not UTF-8 cannot be read: the cart is lost, or an order the merchant may have created is recorded on the platform as failed.',
    failing: 'HTTP 200\nContent-Type: application/json\n\n{"productsList":[{"ProductCode":"SKU-1","OrderedQuantity":1,\n(the body ends here: unexpected end of JSON at byte 58)',
    fixed: 'HTTP 200\nContent-Type: application/json\n\n{"productsList":[{"ProductCode":"SKU-1","OrderedQuantity":1,"SalePrice":49.9}]}',
    fix: 'Serialise the whole answer with a JSON library before writing it, in UTF-8, and make sure nothing else writes to the response (debug output, a BOM, PHP notices before the JSON). A body cut short usually means the process crashed or a Content-Length was set before the body changed.',
  },
};

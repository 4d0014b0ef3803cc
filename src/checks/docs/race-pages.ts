/** Pages of the checks of deliveries raced or retried, and of what error answers leak. */
import type { CheckPage } from './types.js';

/** redelivery-concurrent, redelivery-after-timeout, refund-concurrent, error-leaks-internals. */
export const RACE_PAGES: Record<string, CheckPage> = {
  'redelivery-concurrent': {
    why: 'Copies of one order can reach the merchant at the same time: a retry of a request that did start, an operator re-send, two platform nodes. A merchant that checks "does OrderId exist?" and then inserts lets every copy pass the check before any insert lands, and creates one order per copy: goods shipped several times for one payment. The public integrations do exactly this.',
    failing: '4 copies of OrderId GE1234567 sent at once (--race 4)\n-> 100045, 100046, 100047, 100048: 4 deliveries created 4 orders',
    fixed: '4 copies of OrderId GE1234567 sent at once (--race 4)\n-> 100045, 100045, HTTP 409 "order GE1234567 already exists", 100045: one order',
    fix: 'Make the database decide: a unique index on the platform\'s OrderId, insert first and answer the existing order when the insert hits the index; or take a lock per OrderId (SELECT ... FOR UPDATE, an advisory lock, a Redis lock) around look-up and insert. A refusal of a copy must say it is a duplicate ("already exists"). A merchant that goes down under the copies (a Go map written without a lock dies with "concurrent map writes"; a worker that segfaults) fails too: guard the shared state with a mutex or use a concurrent map.',
  },
  'redelivery-after-timeout': {
    why: 'When SendOrderToMerchant does not answer within timeoutMs, the platform stops waiting; the merchant may still be creating the order when the same order arrives again. A merchant whose first request is still running when the copy arrives creates the order twice, and a late third copy must again answer the one order.',
    failing: 'copy 1 sent; no answer within timeoutMs (1000 ms); copy 2 sent at 1000 ms; copy 3 after both answered\n-> 100045 (after 1500 ms), 100046, 100046: 3 deliveries created 2 orders',
    fixed: 'copy 1 sent; no answer within timeoutMs (1000 ms); copy 2 sent at 1000 ms; copy 3 after both answered\n-> 100045 (after 1500 ms), 100045, 100045: one order',
    fix: 'The same as for concurrent copies (a unique index or a lock per OrderId), held from the first look-up to the commit, including the slow part (payment, ERP). Also answer faster than the timeout: see within-timeout.',
  },
  'refund-concurrent': {
    why: 'Refund notifications can be delivered more than once and at the same time. A merchant that applies each copy refunds the shopper several times and books more refunded units than were sold; the rest of the order can then no longer be refunded.',
    failing: '3 copies of RefundId R-77 (1 unit of CartItemId 1) sent at once, then the refund of what is left\n-> the refund of what was left was refused ("quantity exceeds ordered"): the copies were applied more than once',
    fixed: '3 copies of RefundId R-77 sent at once -> Success true, Success true, HTTP 409 "refund R-77 already applied"\nthen the refund of what is left -> Success true; one more unit -> HTTP 400 refused',
    fix: 'Key refunds by RefundId with a unique index (or a lock per order while checking the refunded quantities), answer a copy with the first answer or a duplicate refusal, and check the refunded quantities inside the same transaction.',
  },
  'error-leaks-internals': {
    why: 'Error answers reach the platform\'s logs and operators, and through the platform\'s error messages sometimes shoppers\' browsers. A stack trace, a server path, an SQL error or a framework debug page tells an attacker the merchant\'s framework, file layout and queries. A warning; a failure with --strict.',
    failing: 'HTTP 500\n{ "ResponseInfo": { "Success": false, "Message": "SQLSTATE[23000]: Integrity constraint violation at /var/www/shop/app/Order.php:212" } }',
    fixed: 'HTTP 500\n{ "ResponseInfo": { "Success": false, "ErrorCode": "ORDER_SAVE_FAILED", "Message": "The order could not be saved; reference 7f3a" } }',
    fix: 'Turn off debug mode in production (APP_DEBUG, customErrors, Symfony\'s debug, Spring\'s server.error.include-stacktrace) and answer a short message with a reference; log the details on the server under that reference.',
  },
};

/**
 * Every check xborder judges, registered once by id: its public name in tables, JSON, JUnit,
 * `--checks` / `--exclude-checks` and `xborder checks`. The payload rules register themselves in
 * src/rules/index.ts and are listed from there; the schema checks follow from the payload kinds.
 */
import { PAYLOAD_KINDS, type PayloadKind } from '../validation/kinds.js';
import { rulesFor } from '../rules/index.js';
import { pageOf, type CheckPage } from './docs/index.js';

/** One registered check. */
export interface CheckInfo {
  id: string;
  /** One line on what passing it proves. */
  proves: string;
  /** Where it is judged: `merchant` (check, check-cart, post-order, demo), `platform` (gift-card, platform call), `validate` (offline payloads). */
  scope: ('merchant' | 'platform' | 'validate')[];
  /** Its page (`xborder checks ID`, docs/checks/ID.md): attached from src/checks/docs by id. */
  page?: CheckPage;
}

const M = ['merchant'] as const;
const MP = ['merchant', 'platform'] as const;

/** The checks of exchanges (everything but the payload rules and schema checks). */
const EXCHANGE_CHECKS: readonly CheckInfo[] = [
  { id: 'reachable', proves: 'an answer came (a refused connection, DNS failure or reset is errored, exit 3; a request the merchant dropped as it went down mid-run fails)', scope: [...MP] },
  { id: 'within-timeout', proves: 'the answer came within the timeout (the platform\'s: 5 minutes); a warning past half of it', scope: [...MP] },
  { id: 'status-200', proves: 'a valid request is answered with HTTP 200 (redirects are reported, never followed)', scope: [...MP] },
  { id: 'content-type-json', proves: 'a success answer is labelled application/json', scope: [...MP] },
  { id: 'json-body', proves: 'a success answer is JSON (empty, truncated, HTML, invalid UTF-8 and oversized bodies are named)', scope: [...MP] },
  { id: 'cart-currency-country', proves: 'the cart answers in the currency and for the country requested (a warning otherwise)', scope: [...M] },
  { id: 'order-accepted', proves: 'a valid order is answered Success true with an InternalOrderId', scope: [...M] },
  { id: 'accepts-large-order', proves: 'an order as large as real ones get (many lines, an attached invoice: just over 1 MiB, --large-order-bytes) is accepted, not refused by a body size limit (413, a proxy\'s page, a connection cut mid-upload)', scope: [...M] },
  { id: 'error-status', proves: 'an error (Success false) is never answered with HTTP 200', scope: [...M] },
  { id: 'rejects-invalid-order', proves: 'an order that is not valid (no OrderId, or a file that fails the schema) is refused', scope: [...M] },
  { id: 'payment-fields', proves: 'with PaymentDetails, the answer carries PaymentCurrencyCode (ISO 4217) and PaymentAmount (a decimal string)', scope: [...M] },
  { id: 'payment-amount', proves: 'the charge is in a currency of the order and equals its total in it (a warning otherwise)', scope: [...M] },
  { id: 'idempotent-redelivery', proves: 'the same OrderId delivered again creates no second order', scope: [...M] },
  { id: 'redelivery-concurrent', proves: 'the same order delivered --race N times at once (default 4) ends as one order: one InternalOrderId, the other copies refused as duplicates, the merchant still up (needs merchant.carts or newCart)', scope: [...M] },
  { id: 'redelivery-after-timeout', proves: 'the platform\'s retry: a copy sent as soon as timeoutMs passes without an answer, and one more after both answered, ends as one order (needs merchant.carts or newCart)', scope: [...M] },
  { id: 'refund-concurrent', proves: 'the same RefundId delivered at once is applied once: the rest of the order can still be refunded, one more unit cannot (needs the refund event and fresh carts)', scope: [...M] },
  { id: 'error-leaks-internals', proves: 'no error answer carries a stack trace, a server path, an SQL error or a framework debug page (a warning; failed with --strict)', scope: [...M] },
  { id: 'update-same-order', proves: 'an order posted with its MerchantOrderId updates that order', scope: [...M] },
  { id: 'unknown-properties-tolerated', proves: 'an order with properties the interface does not name is still accepted', scope: [...M] },
  { id: 'auth-enforced', proves: 'requests without valid credentials (missing, wrong, tampered, expired, unsigned JWT, denied address) are refused', scope: [...M] },
  { id: 'guid-enforced', proves: 'a request naming another merchant\'s MerchantGUID is refused', scope: [...M] },
  { id: 'cart-single-use', proves: 'a second order on a cart already converted into an order is refused (needs merchant.carts or newCart)', scope: [...M] },
  { id: 'cart-hash-enforced', proves: 'an order whose CartHash is not the cart\'s merchantCartHash is refused (a warning otherwise)', scope: [...M] },
  { id: 'unknown-cart-refused', proves: 'an order naming a cart the merchant never issued is refused (needs merchant.carts or newCart)', scope: [...M] },
  { id: 'event-accepted', proves: 'a lifecycle call (payment, status, shipping info, documents, refund) for an order the merchant has is answered Success true', scope: [...M] },
  { id: 'event-redelivery', proves: 'the same lifecycle call delivered again has no second effect (the same refund is not applied twice)', scope: [...M] },
  { id: 'event-unknown-order-refused', proves: 'a lifecycle call for an order the merchant never received is refused', scope: [...M] },
  { id: 'refund-within-order', proves: 'a refund beyond what was ordered (one more unit of a product refunded in full) is refused', scope: [...M] },
  { id: 'status-spellings', proves: 'UpdateOrderStatus takes both "canceled" and "cancelled", the spellings the wire carries', scope: [...M] },
  { id: 'unknown-status-clean', proves: 'an unknown StatusCode is refused or accepted, never answered with a crash (5xx)', scope: [...M] },
  { id: 'no-server-error', proves: 'fuzz: generated input (cart parameters valid and not) is answered with a cart or a clean error, never a 5xx crash', scope: [...M] },
  { id: 'platform-request', proves: 'proxy, HAR and replay: the platform\'s request validated as its payload kind (information: the platform\'s side, not the merchant\'s)', scope: [...M] },
  { id: 'storefront-countries', proves: 'storefront: data-countries is JSON (entities decoded) keyed by ISO country codes or "all", restricted/forbidden booleans, vat a percentage 0-100', scope: [...M] },
  { id: 'storefront-pc', proves: 'storefront: data-pc names a product class (not empty)', scope: [...M] },
  { id: 'storefront-pc-in-cart', proves: 'storefront --cart: every data-pc code is a ProductClassCode of the cart (a cart code no page shows is a warning)', scope: [...M] },
  { id: 'storefront-manipulate', proves: 'storefront: data-manipulate is JSON keyed by ISO country codes', scope: [...M] },
  { id: 'storefront-switcher', proves: 'storefront: where the country switcher goes (data-ge-shippingswitcher-flag; information)', scope: [...M] },
  { id: 'storefront-cart-token', proves: 'storefront: where the page renders the cart token (a cookie, a DOM value; information)', scope: [...M] },
  { id: 'order-params', proves: 'every merchant.orderParams {cart:NAME} reference found its value in the order\'s cart (urlParameters), so the order URL carries it', scope: [...M] },
  { id: 'order-file', proves: 'post-order --file: the file judged as an order before it is sent (information only)', scope: [...M] },
  { id: 'user-schema', proves: 'platform call --schema: the answer validates against the given JSON Schema', scope: ['platform'] },
  { id: 'kind', proves: 'validate: the document\'s kind can be told from its shape (or --as)', scope: ['validate'] },
  { id: 'utf8', proves: 'validate: the document is valid UTF-8 (the first invalid byte named by its offset in the file, or in the NDJSON line)', scope: ['validate'] },
  { id: 'json', proves: 'validate: each NDJSON line is one JSON document (a line cut short or broken fails, named by its line and column; the run reads on)', scope: ['validate'] },
];

/** What each payload kind's schema checks are called where the answer is judged live. */
const LIVE_KINDS: Partial<Record<PayloadKind, CheckInfo['scope']>> = {
  cart: ['merchant'],
  'order-response': ['merchant'],
  'gift-card-response': ['platform'],
  'error-info': ['platform'],
};

let registry: readonly CheckInfo[] | undefined;

/** Every registered check, each id once, in the order `xborder checks` lists them. */
export function allChecks(): readonly CheckInfo[] {
  if (registry) return registry;
  const list: CheckInfo[] = [...EXCHANGE_CHECKS];
  list.push(
    { id: 'schema', proves: 'validate: the document matches its JSON Schema in schemas/ (JSON pointer, expected, received)', scope: ['validate'] },
    { id: 'lenient', proves: 'validate: forms the platform tolerates but the interface does not promise (casing, aliases, numbers as strings, a flat ResponseInfo): warnings, failures with --strict', scope: ['validate'] },
    { id: 'unknown-properties', proves: 'validate: properties the interface does not name (information: receivers tolerate them, but they are often typos)', scope: ['validate'] },
  );
  for (const [kind, scope] of Object.entries(LIVE_KINDS) as [PayloadKind, CheckInfo['scope']][]) {
    list.push(
      { id: `${kind}-schema`, proves: `the ${kind} answer matches schemas/${kind}.schema.json`, scope },
      { id: `${kind}-lenient`, proves: `the ${kind} answer uses only documented forms (tolerated ones warn; fail with --strict)`, scope },
      { id: `${kind}-unknown-properties`, proves: `properties of the ${kind} answer the interface does not name (information)`, scope },
    );
  }
  for (const kind of PAYLOAD_KINDS) {
    for (const rule of rulesFor(kind)) {
      const liveScope = LIVE_KINDS[kind] ?? [];
      const existing = list.find((c) => c.id === rule.id);
      if (existing) {
        for (const s of [...liveScope, 'validate' as const]) if (!existing.scope.includes(s)) existing.scope.push(s);
        continue;
      }
      list.push({ id: rule.id, proves: `rule: ${rule.title}`, scope: [...liveScope, 'validate'] });
    }
  }
  for (const check of list) check.page = pageOf(check.id);
  registry = list;
  return registry;
}

/** True when `id` is a registered check. */
export function isCheckId(id: string): boolean {
  return allChecks().some((c) => c.id === id);
}

/** Pages of the offline checks of `xborder validate` and of `platform call --schema`. */
import type { CheckPage } from './types.js';

/** user-schema, kind, utf8, json, schema, lenient, unknown-properties. */
export const VALIDATE_PAGES: Record<string, CheckPage> = {
  'user-schema': {
    why: 'Platform-hosted operations other than ValidateGiftCard have no documented answer shape. When you have a schema for one (from the platform\'s support, or written from answers seen), `platform call OP --schema FILE` holds the answer to it, so a change on the platform\'s side shows up in CI instead of in production.',
    failing: 'xborder platform call Browsing/Countries --schema countries.schema.json\n-> user-schema: /0/Code must be string (received 276)',
    fixed: 'xborder platform call Browsing/Countries --schema countries.schema.json\n-> user-schema: passed',
    fix: 'If the platform\'s answer is right and the schema outdated, update the schema; otherwise report the answer (the run folder has it) to the platform. Check that the schema\'s draft ($schema) is one ajv supports (2020-12, 2019-09, draft-07).',
  },
  kind: {
    why: 'validate judges a document by what it is: an order, a cart answer, a ResponseInfo, a gift-card request or answer, a lifecycle body. A document whose kind cannot be told from its shape (no ResponseInfo, no productsList, no OrderId...) cannot be judged, and judging it as the wrong kind gives findings that mislead.',
    failing: 'xborder validate captured.json    ({"data": {"items": []}})\n-> kind: cannot tell what this document is (no OrderId, productsList, ResponseInfo, IsValid, CardFields...)',
    fixed: 'xborder validate --as cart captured.json\n(or capture the whole body: {"productsList": [...], ...})',
    fix: 'Pass --as KIND (order, cart, order-response, gift-card-request, gift-card-response, error-info, payment-request, status-update, shipping-info, refund, documents) or validate the whole payload rather than an excerpt or a wrapper your logging added.',
  },
  utf8: {
    why: 'Payloads are JSON, which is UTF-8 on the wire. A payload with bytes that are not UTF-8 (Latin-1 names and addresses from an old database, a cut multi-byte character) is refused or garbled by the platform\'s reader: a shopper\'s name or address arrives as replacement characters.',
    failing: 'xborder validate order.json\n-> utf8: byte offset 212 of line 1 is 0xFC (not UTF-8: "M\\xFCller" written in Latin-1)',
    fixed: 'order.json saved as UTF-8: "Müller" is the bytes 4D C3 BC 6C 6C 65 72',
    fix: 'Encode the payload as UTF-8 when writing it (set the database connection\'s and the serializer\'s charset), never cut strings by bytes, and re-capture the file.',
  },
  json: {
    why: 'A capture of a day\'s traffic has bad lines: a log line cut when the disk filled or the process was killed, two writers interleaved, a body logged in another encoding. The platform reads none of them as a payload. validate reports each such line as a failed document (its line and the column where the JSON breaks) and judges every other line, so one bad line does not hide the thousands after it.',
    failing: 'xborder validate orders.ndjson\n-> orders.ndjson:1501  json: malformed JSON at column 18: unexpected character "x", expected a value\n-> orders.ndjson:3000  json: malformed JSON at column 4096: the text ends before the JSON value is complete (a truncated line)',
    fixed: 'each line one whole JSON document: {"MerchantGUID": "f4b0...", "OrderId": "GE1234567", ...}',
    fix: 'Find where the capture broke the line (the column points at it): re-capture it, or drop the line if the payload is logged elsewhere. A truncated last line usually means the file was copied while it was still being written. A single file that is no JSON at all is an input error instead (exit 2).',
  },
  schema: {
    why: 'The shipped JSON Schemas in schemas/ are what xborder knows of each payload from the interface: types, required fields, ISO codes, formats, enums. A payload that fails them is one the platform (or the merchant, for the platform\'s payloads) cannot read as intended. Each finding names a JSON pointer, what was expected and what was received.',
    failing: 'xborder validate order.json\n-> schema: /Products/0/Quantity must be number (received "two")',
    fixed: '{ "MerchantGUID": "f4b0...", "OrderId": "GE1234567", "Products": [ { "Sku": "SKU-1", "Quantity": 2 } ] }',
    fix: 'Change the value at the pointer to the documented type or form; the schema of each kind is in schemas/<kind>.schema.json, and `xborder samples show NAME` prints a payload that passes.',
  },
  lenient: {
    why: 'The platform reads JSON the way Json.NET does: names case-insensitively, "" and null as absent, numbers and booleans from their text, a flat ResponseInfo. Those forms work today but the interface does not promise them: a stricter reader on either side breaks them. They are warnings, failures with --strict (documented aliases stay information).',
    failing: 'xborder validate --strict answer.json    ({ "success": "True", "internalOrderId": 100045 })\n-> lenient: /success is "True" (boolean as text); flat ResponseInfo; /internalOrderId in another casing',
    fixed: '{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fix: 'Send the documented names and types: PascalCase where the interface spells it so, real booleans and numbers, leave optional values out rather than sending "", and wrap the answer in ResponseInfo. docs/reader-model.md lists every form.',
  },
  'unknown-properties': {
    why: 'Receivers must tolerate properties the interface does not name, so they are never failures. They are listed as information because an unknown property is often a typo of a documented one (ShippingMethodCod, Quantitiy), which the receiver then silently ignores.',
    failing: 'xborder validate order.json\n-> unknown-properties: /Products/0/Quantitiy is not a documented property (did you mean Quantity?)',
    fixed: '{ ..., "Products": [ { "Sku": "SKU-1", "Quantity": 2 } ] }',
    fix: 'Fix the spelling where a "did you mean" is given; otherwise nothing to do, the property is extra data the receiver ignores.',
  },
};

/** The answer kinds judged live, with what a failing and a fixed answer of each look like. */
const ANSWERS = {
  cart: {
    endpoint: 'GetCheckoutCartInfo',
    why: 'the platform builds the checkout from it: product prices, quantities, discounts, the shopper\'s details. A cart it cannot read shows no international totals and checkout does not open',
    failing: '{ "productsList": { "ProductCode": "SKU-1" }, "currencyCode": "EURO" }',
    fixed: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalePrice": 49.9 } ], "currencyCode": "EUR" }',
    lenientFailing: '{ "ProductsList": [ { "productCode": "SKU-1", "OrderedQuantity": "1.0000", "SalePrice": "49.90", "Brand": "" } ] }',
    lenientFixed: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalePrice": 49.9 } ] }',
    unknownFailing: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalesPrice": 49.9 } ] }\n-> /productsList/0/SalesPrice: unknown property (did you mean SalePrice?)',
    unknownFixed: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalePrice": 49.9 } ] }',
  },
  'order-response': {
    endpoint: 'SendOrderToMerchant and the lifecycle calls',
    why: 'the platform reads Success to know whether the order exists, InternalOrderId to link it, and the payment fields to reconcile a charge. An answer it cannot read is recorded as a failure even when the merchant created the order',
    failing: '{ "ResponseInfo": { "Success": "yes", "InternalOrderId": 100045 } }',
    fixed: '{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    lenientFailing: '{ "success": "True", "internalOrderId": "100045", "ErrorCode": "" }',
    lenientFixed: '{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    unknownFailing: '{ "ResponseInfo": { "Success": true, "InternalOrderID2": "100045" } }\n-> /ResponseInfo/InternalOrderID2: unknown property',
    unknownFixed: '{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
  },
  'gift-card-response': {
    endpoint: 'ValidateGiftCard',
    why: 'the merchant\'s checkout decides from it whether a shopper may pay with a card and how much: a balance or currency it cannot read refuses a good card or accepts a bad one',
    failing: '{ "IsValid": "maybe", "Balance": "50 EUR", "CurrencyCode": "Euro" }',
    fixed: '{ "IsValid": true, "Balance": 50, "CurrencyCode": "EUR", "IsGlobalEGiftCard": false, "ErrorCode": null, "ErrorText": null }',
    lenientFailing: '{ "isValid": "True", "Balance": "50.00", "CurrencyCode": "EUR" }',
    lenientFixed: '{ "IsValid": true, "Balance": 50, "CurrencyCode": "EUR" }',
    unknownFailing: '{ "IsValid": true, "Balance": 50, "CurrencyCode": "EUR", "Ballance": 50 }\n-> /Ballance: unknown property (did you mean Balance?)',
    unknownFixed: '{ "IsValid": true, "Balance": 50, "CurrencyCode": "EUR" }',
  },
  'error-info': {
    endpoint: 'the platform-hosted operations (their error answers)',
    why: 'the platform\'s error answers are documented as an ErrorInfo (Code, Error, Description); a caller that reads them to decide whether to retry, or to show a reason, misreads another shape',
    failing: '{ "Code": ["401"], "Error": { "text": "Unauthorized" } }',
    fixed: '{ "Code": "401", "Error": "Unauthorized", "Description": "The merchantGUID is missing or invalid." }',
    lenientFailing: '{ "code": 401, "error": "Unauthorized", "Description": "" }',
    lenientFixed: '{ "Code": "401", "Error": "Unauthorized", "Description": "The merchantGUID is missing or invalid." }',
    unknownFailing: '{ "Code": "401", "Error": "Unauthorized", "Descripton": "The merchantGUID is missing" }\n-> /Descripton: unknown property (did you mean Description?)',
    unknownFixed: '{ "Code": "401", "Error": "Unauthorized", "Description": "The merchantGUID is missing or invalid." }',
  },
} as const;

/** `<kind>-schema`, `<kind>-lenient`, `<kind>-unknown-properties` for each live answer kind. */
function answerPages(): Record<string, CheckPage> {
  const pages: Record<string, CheckPage> = {};
  for (const [kind, a] of Object.entries(ANSWERS)) {
    const side = kind === 'cart' || kind === 'order-response' ? 'merchant' : 'platform';
    pages[`${kind}-schema`] = {
      why: `The ${kind} answer of ${a.endpoint} matters because ${a.why}. schemas/${kind}.schema.json holds what the interface says of each field (types, required fields, ISO codes, formats).`,
      failing: a.failing,
      fixed: a.fixed,
      fix: `Correct the value at each JSON pointer the findings name; \`xborder validate --as ${kind} answer.json\` judges a captured answer offline, and \`xborder openapi\` exports the same schema for a server generator${side === 'merchant' ? ' or a contract test in the merchant\'s own suite' : ''}.`,
    };
    pages[`${kind}-lenient`] = {
      why: `Forms the platform's reader tolerates in the ${kind} answer (another casing, "" or null for absent, numbers and booleans as text${kind === 'order-response' ? ', a flat ResponseInfo' : ''}) work with today's .NET reader but are not promised by the interface: warnings, failures with --strict, so CI can hold ${a.endpoint} to the documented form.`,
      failing: a.lenientFailing,
      fixed: a.lenientFixed,
      fix: `Serialise the ${kind} answer from typed values (numbers as numbers, booleans as booleans), with the documented property names, and leave optional values out instead of sending "". docs/reader-model.md lists each tolerated form.`,
    };
    pages[`${kind}-unknown-properties`] = {
      why: `Properties of the ${kind} answer the interface does not name are tolerated by the reader and never fail; they are listed (information) because a misspelt documented property is silently ignored: the value the ${side === 'merchant' ? 'merchant' : 'platform'} meant to send never arrives.`,
      failing: a.unknownFailing,
      fixed: a.unknownFixed,
      fix: 'Rename the property where a "did you mean" is given; extra properties on purpose can stay.',
    };
  }
  return pages;
}

/** The pages of the live answer kinds' schema, lenient and unknown-property checks. */
export const ANSWER_PAGES: Record<string, CheckPage> = answerPages();

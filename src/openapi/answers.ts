/**
 * The merchant's answers as the OpenAPI document states them, one schema per HTTP status: the
 * shipped order-response schema, narrowed by what xborder judges on one answer given its status.
 * A 200 says `Success: true` and names the order (`order-accepted`, `response-outcome`); an error
 * status says `Success: false` and why (`error-status`, `response-outcome`'s warning); every answer
 * gives the charged currency and amount together or neither (`response-payment`). A 200 cart says
 * that loyalty points in use come with a money value (`cart-loyalty-points`).
 *
 * The shipped order-response schema states two of these with `if`/`then`, which a generator does not read
 * (json-schema-faker, behind Prism's dynamic mock, draws each field on its own and ignores them):
 * here they are `const`, `required` and `anyOf` branches, which it does read.
 */
type Json = Record<string, unknown>;

/** A string the platform reads as given: not empty, not only spaces (rules/util.ts isGiven). */
const GIVEN_TEXT = { type: 'string', minLength: 1, pattern: '\\S' };

/** `response-payment`: PaymentCurrencyCode and PaymentAmount both given, or both absent or null. */
const PAYMENT_TOGETHER = [
  { required: ['PaymentCurrencyCode', 'PaymentAmount'], properties: { PaymentCurrencyCode: { type: 'string' }, PaymentAmount: { type: 'string' } } },
  { properties: { PaymentCurrencyCode: { type: 'null' }, PaymentAmount: { type: 'null' } } },
];

/** The shipped answer `component` with `info` added to what its ResponseInfo must hold. */
function narrowed(component: string, info: Json): Json {
  return { allOf: [{ $ref: `#/components/schemas/${component}` }, { type: 'object', required: ['ResponseInfo'], properties: { ResponseInfo: { type: 'object', ...info } } }] };
}

/** A 200 answer: Success true, the merchant's order id, the charge's two fields together or neither. */
export function successAnswerSchema(component: string): Json {
  return narrowed(component, {
    required: ['Success', 'InternalOrderId'],
    properties: { Success: { const: true }, InternalOrderId: GIVEN_TEXT },
    anyOf: PAYMENT_TOGETHER,
  });
}

/** A 4xx or 5xx answer: Success false, and why in ErrorCode, Message or Description. */
export function errorAnswerSchema(component: string): Json {
  return narrowed(component, {
    required: ['Success'],
    properties: { Success: { const: false } },
    allOf: [
      { anyOf: ['ErrorCode', 'Message', 'Description'].map((field) => ({ required: [field], properties: { [field]: GIVEN_TEXT } })) },
      { anyOf: PAYMENT_TOGETHER },
    ],
  });
}

/** A number above 0 is "in use" (rules/cart-loyalty.ts); null, absent or at most 0 is not. */
const NOT_IN_USE = { type: ['number', 'null'], maximum: 0 };

/** One of a LoyaltyPoints money pair given: `Original<pair>` (merchant currency) or the customer's. */
const onePairMember = (pair: 'Spend' | 'Earn') => [`LoyaltyPointsOriginalValueFor${pair}`, `LoyaltyPointsValueFor${pair}`].map((field) => ({ required: [field], properties: { [field]: { type: 'number' } } }));

/**
 * A 200 cart: the shipped cart schema, with `cart-loyalty-points` (points to spend or to earn come
 * with a money value) as `anyOf` branches a generator reads.
 */
export function cartAnswerSchema(component: string): Json {
  return {
    allOf: [
      { $ref: `#/components/schemas/${component}` },
      {
        type: 'object',
        properties: { LoyaltyPoints: { anyOf: [...onePairMember('Spend'), { properties: { LoyaltyPointsTotal: NOT_IN_USE, LoyaltyPointsMaxSpend: NOT_IN_USE } }] } },
        anyOf: [{ properties: { loyaltyPointsEarned: NOT_IN_USE } }, { properties: { LoyaltyPoints: { type: 'null' } } }, { properties: { LoyaltyPoints: { anyOf: onePairMember('Earn') } } }],
      },
    ],
  };
}

/**
 * The OpenAPI 3.1 description of the merchant-hosted endpoints, version 1.0.0 of the interface:
 * GetCheckoutCartInfo (GET and POST with their parameters), SendOrderToMerchant and the lifecycle
 * calls, at the configured paths, every body and answer referring to the bundled shipped schemas,
 * and the configured auth modes as security schemes where OpenAPI can express them (an IP
 * whitelist cannot be: it is named in an extension). What a merchant's developer feeds to a server
 * generator, Prism or Schemathesis.
 */
import type { AuthConfig, XborderConfig } from '../model.js';
import { EVENT_SPECS } from '../merchant/events/bodies.js';
import { bundledSchemas, componentName } from './bundle.js';
import { cartAnswerSchema, errorAnswerSchema, successAnswerSchema } from './answers.js';

type Json = Record<string, unknown>;

const ref = (kind: string) => ({ $ref: `#/components/schemas/${componentName(kind)}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/**
 * The answers every merchant endpoint gives: a ResponseInfo with Success true and the order id, or
 * an error with Success false and why (never with HTTP 200); see answers.ts.
 */
function responseInfoAnswers(success: string): Json {
  const answer = componentName('order-response');
  const error = json(errorAnswerSchema(answer));
  return {
    '200': { description: success, content: json(successAnswerSchema(answer)) },
    '400': { description: 'The request is not valid: Success false with ErrorCode, Message or Description (never answered with HTTP 200).', content: error },
    '401': { description: 'Missing or wrong credentials, or no MerchantGUID.' },
    '403': { description: 'Another merchant\'s MerchantGUID.' },
    '404': { description: 'The order (or cart) is not known to the merchant: Success false and why.', content: error },
    '500': { description: 'The merchant failed: Success false with ErrorCode, Message or Description.', content: error },
  };
}

/** The security schemes of the configured auth modes (`none` and `ip` have none). */
function securitySchemes(auth: AuthConfig[]): { schemes: Json; requirement: Json[]; ipWhitelist: boolean } {
  const schemes: Json = {};
  for (const mode of auth) {
    if (mode.mode === 'header') schemes.merchantKeyHeader = { type: 'apiKey', in: 'header', name: mode.name, description: 'A shared key in a header.' };
    if (mode.mode === 'query') schemes.merchantKeyQuery = { type: 'apiKey', in: 'query', name: mode.name, description: 'A shared key in the URL.' };
    if (mode.mode === 'basic') schemes.basic = { type: 'http', scheme: 'basic' };
    if (mode.mode === 'jwt') schemes.jwt = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `A JWT signed with ${(mode as { algorithm?: string }).algorithm ?? 'HS256'}.` };
  }
  // The merchant accepts any one of the configured modes.
  const requirement = Object.keys(schemes).map((name) => ({ [name]: [] }));
  return { schemes, requirement, ipWhitelist: auth.some((m) => m.mode === 'ip') };
}

/** The OpenAPI document for `config` (its paths, its auth modes, its merchant URL when set). */
export function openApiDocument(config: XborderConfig): Json {
  const m = config.merchant;
  const cartParameters = [
    { name: 'countryCode', in: 'query', required: true, description: 'The shopper\'s country, ISO 3166-1 alpha-2.', schema: { type: 'string', pattern: '^[A-Za-z]{2}$' } },
    { name: 'currencyCode', in: 'query', required: true, description: 'The shopper\'s currency, ISO 4217.', schema: { type: 'string', pattern: '^[A-Za-z]{3}$' } },
    { name: m.cartTokenParam, in: 'query', required: true, description: 'The cart token the storefront rendered (merchantCartToken).', schema: { type: 'string' } },
  ];
  const cartAnswers = {
    '200': { description: 'The cart.', content: json(cartAnswerSchema(componentName('cart'))) },
    '400': { description: 'A parameter is missing or not valid.' },
    '401': { description: 'Missing or wrong credentials.' },
    '403': { description: 'Another merchant\'s MerchantGUID (POST).' },
    '404': { description: 'No cart with this token.' },
  };
  const paths: Json = {
    [m.cartPath]: {
      get: { operationId: 'GetCheckoutCartInfo', summary: 'The cart the shopper checks out', parameters: cartParameters, responses: cartAnswers },
      post: {
        operationId: 'GetCheckoutCartInfoPost',
        summary: 'The cart, with the platform\'s order id and the merchant GUID in the body',
        parameters: cartParameters,
        requestBody: { required: true, content: json({ type: 'object', required: ['MerchantGUID'], properties: { OrderID: { type: 'string' }, MerchantGUID: { type: 'string' } } }) },
        responses: cartAnswers,
      },
    },
    [m.orderPath]: {
      post: { operationId: 'SendOrderToMerchant', summary: 'Create or update an order (optionally charge it)', requestBody: { required: true, content: json(ref('order')) }, responses: responseInfoAnswers('Success true with the InternalOrderId (and the charge when PaymentDetails were sent).') },
    },
  };
  const eventKinds = { payment: 'payment-request', status: 'status-update', 'shipping-info': 'shipping-info', documents: 'documents', refund: 'refund' } as const;
  for (const spec of Object.values(EVENT_SPECS)) {
    paths[spec.path(config)] = { post: { operationId: spec.endpoint, summary: `${spec.endpoint} (order lifecycle)`, requestBody: { required: true, content: json(ref(eventKinds[spec.event])) }, responses: responseInfoAnswers('Success true.') } };
  }
  const security = securitySchemes(config.auth);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Cross-border checkout: merchant-hosted endpoints',
      version: '1.0.0',
      description: 'The endpoints a merchant hosts for the checkout platform: GetCheckoutCartInfo, SendOrderToMerchant and the order lifecycle calls. Generated by xborder from its JSON Schemas.',
    },
    servers: [{ url: m.baseUrl || 'https://shop.example.com', description: m.baseUrl ? 'The configured merchant' : 'Your merchant\'s base URL' }],
    paths,
    components: { schemas: bundledSchemas(), ...(Object.keys(security.schemes).length ? { securitySchemes: security.schemes } : {}) },
    ...(security.requirement.length ? { security: security.requirement } : {}),
    ...(security.ipWhitelist ? { 'x-xborder-ip-whitelist': 'The merchant also accepts requests from the platform\'s addresses without credentials (an IP whitelist), which OpenAPI cannot describe.' } : {}),
  };
}

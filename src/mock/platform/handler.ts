/**
 * The reference platform's behaviour as a pure function of a request, so it can be tested without a
 * socket and the server stays a thin adapter. Errors are `ErrorInfo` bodies (`Code` as a string,
 * `Error`, `Description`) with a non-200 status, as the platform's public documentation describes.
 */
import { fieldOf as field } from '../../platform/error-info.js';
import { operationForPath, VALIDATE_GIFT_CARD } from '../../platform/operations.js';
import { findTestCard, UNKNOWN_CARD, WRONG_PIN } from './test-cards.js';
import { invalidJsonReason } from '../invalid-json.js';

/** A request as the mock sees it. Header names lower-cased (node:http does that). */
export interface PlatformRequest {
  method: string;
  /** Path and query string, as on the request line. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What the mock answers: a status and a JSON body. */
export interface PlatformAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An ErrorInfo answer. */
export function errorInfo(status: number, error: string, description: string, headers?: Record<string, string>): PlatformAnswer {
  return { status, body: { Code: String(status), Error: error, Description: description }, ...(headers ? { headers } : {}) };
}

/**
 * Answers one request for the merchant identified by `merchantGUID`, misbehaving as `fault` says
 * (a name of PLATFORM_FAULTS; `html-502` and `slow` are the server's, not the answer's).
 */
export function handlePlatformRequest(request: PlatformRequest, merchantGUID: string, fault?: string): PlatformAnswer {
  return withFault(conformingAnswer(request, merchantGUID, fault === 'guid-ignored'), fault);
}

/**
 * `answer` changed as `fault` says: the ErrorInfo faults change every error answer (any status but
 * 200), the gift-card faults every HTTP 200 answer (only ValidateGiftCard has one). Other faults
 * leave it as it is. The input is not mutated.
 */
export function withFault(answer: PlatformAnswer, fault: string | undefined): PlatformAnswer {
  if (!fault) return answer;
  const body = answer.body as Record<string, unknown>;
  if (answer.status !== 200) {
    switch (fault) {
      case 'error-200':
        return { ...answer, status: 200 };
      case 'error-info-no-code': {
        const { Code: _code, ...rest } = body;
        return { ...answer, body: rest };
      }
      case 'error-code-number':
        return { ...answer, body: { ...body, Code: Number(body.Code) } };
      default:
        return answer;
    }
  }
  switch (fault) {
    case 'gift-card-no-isvalid': {
      const { IsValid: _isValid, ...rest } = body;
      return { ...answer, body: rest };
    }
    case 'gift-card-balance-string':
      return typeof body.Balance === 'number' ? { ...answer, body: { ...body, Balance: body.Balance.toFixed(2) } } : answer;
    case 'gift-card-isvalid-string':
      return { ...answer, body: { ...body, IsValid: String(body.IsValid) } };
    default:
      return answer;
  }
}

function conformingAnswer(request: PlatformRequest, merchantGUID: string, ignoreGuid: boolean): PlatformAnswer {
  const url = new URL(request.url, 'http://platform.invalid');
  const operation = operationForPath(url.pathname);
  if (!operation) return errorInfo(404, 'Not Found', `No platform operation at ${url.pathname}. The mock knows the 32 indexed operations (xborder platform list).`);
  if (request.method !== 'POST') {
    return errorInfo(405, 'Method Not Allowed', `${operation.path} accepts POST only.`, { allow: 'POST' });
  }

  let body: unknown = {};
  if (request.body.trim() !== '') {
    try {
      body = JSON.parse(request.body);
    } catch (error) {
      return errorInfo(400, 'Bad Request', invalidJsonReason(request.body, error as Error));
    }
  }

  const isGiftCard = operation === VALIDATE_GIFT_CARD;
  const guidProblem = ignoreGuid ? undefined : checkGuid(url, request.headers, isGiftCard ? body : undefined, merchantGUID);
  if (guidProblem) return errorInfo(401, 'Unauthorized', guidProblem);
  if (!isGiftCard) {
    return errorInfo(501, 'Not Implemented', `${operation.name} (${operation.path}) is not simulated by the reference platform: the interface documents no shapes for it.`);
  }
  return validateGiftCard(body);
}

/** Why the merchant is not identified, or undefined when it is. Every GUID sent must match. */
function checkGuid(url: URL, headers: PlatformRequest['headers'], body: unknown, expected: string): string | undefined {
  const sent: Array<[where: string, value: string]> = [];
  for (const [name, value] of url.searchParams) if (name.toLowerCase() === 'merchantguid') sent.push(['query parameter merchantGUID', value]);
  const header = headers['merchantguid'];
  if (header !== undefined) sent.push(['header MerchantGUID', Array.isArray(header) ? header.join(',') : header]);
  const inBody = body !== undefined ? field(body, 'MerchantGUID') : undefined;
  if (inBody !== undefined) sent.push(['body MerchantGUID', typeof inBody === 'string' ? inBody : JSON.stringify(inBody)]);

  if (sent.length === 0) {
    return `The merchant GUID is missing: send it as the merchantGUID query parameter or the MerchantGUID header${body !== undefined ? ' (or MerchantGUID in the body)' : ''}.`;
  }
  const wrong = sent.find(([, value]) => value.trim().toLowerCase() !== expected.toLowerCase());
  return wrong ? `The merchant GUID in the ${wrong[0]} is not known to this platform.` : undefined;
}

function validateGiftCard(body: unknown): PlatformAnswer {
  const country = field(body, 'ShippingCountryCode');
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) {
    return errorInfo(400, 'Bad Request', 'ShippingCountryCode must be a two-letter ISO country code such as "DE".');
  }
  const cardFields = field(body, 'CardFields');
  const cardId = field(cardFields, 'CardId');
  if (typeof cardId !== 'string' || cardId.trim() === '') {
    return errorInfo(400, 'Bad Request', 'CardFields.CardId is required (a string).');
  }
  const card = findTestCard(cardId.trim()) ?? UNKNOWN_CARD;
  if (!card.isValid) return { status: 200, body: answer(false, null, null, false, card.errorCode ?? null, card.errorText ?? null) };
  const pin = field(cardFields, 'CardPin');
  if (card.pin !== undefined && pin !== card.pin) {
    return { status: 200, body: answer(false, null, null, false, WRONG_PIN.errorCode, WRONG_PIN.errorText) };
  }
  return { status: 200, body: answer(true, card.balance, card.currencyCode, card.boughtFromPlatform, null, null) };
}

function answer(isValid: boolean, balance: number | null, currency: string | null, global: boolean, code: string | null, text: string | null) {
  return { IsValid: isValid, Balance: balance, CurrencyCode: currency, IsGlobalEGiftCard: global, ErrorCode: code, ErrorText: text };
}

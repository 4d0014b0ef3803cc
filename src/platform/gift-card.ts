/**
 * ValidateGiftCard as the merchant calls it: build the request, send it, judge the answer. The
 * answer is judged by the same checks as every other exchange (transport, status, JSON body,
 * schema and rules of `gift-card-response`; `error-info` for an error answer) and summarised as a
 * `GiftCardAnswer` for the table. An invalid card is a conforming answer; a PIN never leaves this
 * module except in the request it sends.
 */
import type { CaseResult, CheckResult, Exchange, XborderConfig } from '../model.js';
import { send } from '../http/send.js';
import { judgeStatus200, judgeTransport } from '../checks/transport.js';
import { judgeJsonBody } from '../checks/body.js';
import { judgePayload } from '../checks/payload.js';
import { checkFrom } from '../report/summary.js';
import { describeErrorInfo, fieldOf, recognizeErrorInfo, type ErrorInfoBody } from './error-info.js';
import { VALIDATE_GIFT_CARD } from './operations.js';
import { platformRequest, platformUrl } from './request.js';

/** What to validate. */
export interface GiftCardQuery {
  cardId: string;
  /** Absent or empty when the card has no PIN. */
  pin?: string;
  /** Two-letter ISO shipping country. */
  country: string;
  /** MerchantCartToken, when the card is checked for a cart. */
  cartToken?: string;
}

/** The answer's meaning, read leniently (case-insensitive names, numeric strings). */
export interface GiftCardAnswer {
  isValid?: boolean;
  balance?: number | null;
  currencyCode?: string | null;
  /** `IsGlobalEGiftCard` (alias `IsPlatformGiftCard`): the card was bought from the platform. */
  boughtFromPlatform?: boolean | null;
  errorCode?: string | null;
  errorText?: string | null;
}

/** One ValidateGiftCard call, judged. */
export interface GiftCardOutcome {
  caseResult: CaseResult;
  /** Present when a JSON object came back with HTTP 200. */
  answer?: GiftCardAnswer;
  /** Present when an error status came back with an ErrorInfo body. */
  errorInfo?: ErrorInfoBody;
  exchange: Exchange;
}

/** What stands in for the PIN in every stored copy of the request. */
const PIN_MASK = '****';

/** The request body: `{MerchantGUID, ShippingCountryCode, CardFields: {CardId, CardPin?}, MerchantCartToken?}`. */
export function giftCardBody(merchantGUID: string, query: GiftCardQuery): Record<string, unknown> {
  const cardFields: Record<string, string> = { CardId: query.cardId };
  if (query.pin) cardFields.CardPin = query.pin;
  return {
    MerchantGUID: merchantGUID,
    ShippingCountryCode: query.country,
    CardFields: cardFields,
    ...(query.cartToken ? { MerchantCartToken: query.cartToken } : {}),
  };
}

/** Where ValidateGiftCard lives: `giftCard.url` (`--url`) when set, else `{platform.baseUrl}/ValidateGiftCard`. */
export function giftCardUrl(config: XborderConfig): string {
  return config.giftCard.url ?? platformUrl(config, VALIDATE_GIFT_CARD.path);
}

/** Sends one ValidateGiftCard request and judges the answer. Never throws for network problems. */
export async function validateGiftCard(query: GiftCardQuery, config: XborderConfig): Promise<GiftCardOutcome> {
  const body = giftCardBody(config.merchantGUID, query);
  const spec = platformRequest(giftCardUrl(config), JSON.stringify(body), config.merchantGUID, config.platform.guidIn);
  const exchange = await send(spec, config.http);
  const { checks, answer, errorInfo, text } = judgeGiftCardExchange(exchange, config.http.timeoutMs);
  const masked = query.pin ? { ...body, CardFields: { ...(body.CardFields as object), CardPin: PIN_MASK } } : body;
  const caseResult: CaseResult = {
    endpoint: 'ValidateGiftCard',
    variant: query.cardId,
    authMode: `merchant-guid (${config.platform.guidIn})`,
    request: { method: spec.method, url: spec.url, headers: spec.headers },
    ...(exchange.response ? { response: { status: exchange.response.status, durationMs: exchange.durationMs } } : {}),
    checks,
    requestBody: JSON.stringify(masked, null, 2),
    ...(text !== undefined ? { responseBody: text } : {}),
    ...(exchange.response ? { responseHeaders: exchange.response.headers } : {}),
  };
  return { caseResult, exchange, ...(answer ? { answer } : {}), ...(errorInfo ? { errorInfo } : {}) };
}

/** The checks of a ValidateGiftCard exchange, and what the answer says. */
export function judgeGiftCardExchange(exchange: Exchange, timeoutMs: number): {
  checks: CheckResult[];
  answer?: GiftCardAnswer;
  errorInfo?: ErrorInfoBody;
  text?: string;
} {
  const transport = judgeTransport(exchange, timeoutMs);
  if (!transport.answered) return { checks: transport.checks };
  const body = judgeJsonBody(exchange);
  const status = exchange.response!.status;
  const errorInfo = status !== 200 ? recognizeErrorInfo(body.json) : undefined;
  // A refusal with an ErrorInfo says why in the status check itself, where a reader looks first.
  const statusCheck = errorInfo
    ? checkFrom('status-200', [{ message: `the platform refused the call: ${describeErrorInfo(errorInfo)}`, expected: 200, actual: status }])
    : judgeStatus200(exchange);
  const checks = [...transport.checks, statusCheck, ...body.checks];
  if (body.json === undefined) return { checks, text: body.text };
  if (status !== 200) {
    if (errorInfo) checks.push(...judgePayload('error-info', body.json, false));
    return { checks, text: body.text, ...(errorInfo ? { errorInfo } : {}) };
  }
  checks.push(...judgePayload('gift-card-response', body.json, false));
  return { checks, text: body.text, answer: readGiftCardAnswer(body.json) };
}

/** Reads the answer's fields leniently for display; the checks say what is wrong with them. */
export function readGiftCardAnswer(doc: unknown): GiftCardAnswer {
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined);
  const str = (v: unknown) => (v === null ? null : v === undefined ? undefined : String(v));
  const balanceRaw = fieldOf(doc, 'Balance');
  const balance = typeof balanceRaw === 'number' ? balanceRaw
    : typeof balanceRaw === 'string' && balanceRaw.trim() !== '' && Number.isFinite(Number(balanceRaw)) ? Number(balanceRaw)
    : balanceRaw === null ? null : undefined;
  const global = fieldOf(doc, 'IsGlobalEGiftCard') ?? fieldOf(doc, 'IsPlatformGiftCard');
  return {
    isValid: bool(fieldOf(doc, 'IsValid')),
    balance,
    currencyCode: str(fieldOf(doc, 'CurrencyCode')),
    boughtFromPlatform: global === null ? null : bool(global),
    errorCode: str(fieldOf(doc, 'ErrorCode')),
    errorText: str(fieldOf(doc, 'ErrorText')),
  };
}

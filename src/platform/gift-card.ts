/**
 * ValidateGiftCard as the merchant calls it: build the request, send it, judge the answer. The
 * answer is judged by the same checks as every other exchange (transport, status, JSON body,
 * schema and rules of `gift-card-response`; `error-info` for an error answer) and summarised as a
 * `GiftCardAnswer` for the table. An invalid card is a conforming answer; a PIN never leaves this
 * module except in the request it sends.
 */
import type { XborderConfig } from '../model.js';
import { MASK } from '../redact/redactor.js';
import { fieldOf } from './error-info.js';
import { VALIDATE_GIFT_CARD } from './operations.js';
import { postToPlatform, type PlatformResult } from './post.js';
import { platformUrl } from './request.js';
import { readBoolean, readNumber } from '../validation/platform-reader.js';

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

/** One ValidateGiftCard call, judged; `answer` is present when JSON came back with HTTP 200. */
export interface GiftCardOutcome extends PlatformResult {
  answer?: GiftCardAnswer;
}

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
  const shownBody = query.pin ? { ...body, CardFields: { ...(body.CardFields as object), CardPin: MASK } } : body;
  const result = await postToPlatform(
    {
      endpoint: 'ValidateGiftCard',
      variant: query.cardId,
      url: giftCardUrl(config),
      body,
      shownBody,
      guidIn: config.platform.guidIn,
      successKind: 'gift-card-response',
    },
    config,
  );
  const answered = result.exchange.response?.status === 200 && result.json !== undefined;
  return answered ? { ...result, answer: readGiftCardAnswer(result.json) } : result;
}

/** Reads the answer's fields leniently for display; the checks say what is wrong with them. */
export function readGiftCardAnswer(doc: unknown): GiftCardAnswer {
  // Booleans and numbers as the platform's reader reads them ("True", "12.50").
  const bool = readBoolean;
  const str = (v: unknown) => (v === null ? null : v === undefined ? undefined : String(v));
  const balanceRaw = fieldOf(doc, 'Balance');
  const balance = readNumber(balanceRaw) ?? (balanceRaw === null ? null : undefined);
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

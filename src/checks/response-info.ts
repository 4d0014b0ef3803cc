/**
 * Reading a SendOrderToMerchant answer: the ResponseInfo object (casing tolerated, as the platform's
 * .NET parser is case-insensitive) and whether it says the call succeeded.
 */

/** The fields xborder reads from a ResponseInfo, normalised. */
export interface ResponseInfoView {
  success?: boolean;
  internalOrderId?: string;
  paymentCurrencyCode?: string;
  paymentAmount?: string;
  errorCode?: string;
  message?: string;
  description?: string;
}

function pick(obj: Record<string, unknown>, name: string): unknown {
  if (name in obj) return obj[name];
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : obj[key];
}

const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

/** The ResponseInfo of a parsed body, or undefined when there is none. */
export function readResponseInfo(body: unknown): ResponseInfoView | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const info = pick(body as Record<string, unknown>, 'ResponseInfo');
  if (!info || typeof info !== 'object') return undefined;
  const o = info as Record<string, unknown>;
  const success = pick(o, 'Success');
  return {
    // .NET reads "True"/"false" strings as booleans too (the lenient check warns about them).
    success: success === true || /^true$/i.test(String(success)) ? true : success === false || /^false$/i.test(String(success)) ? false : undefined,
    internalOrderId: text(pick(o, 'InternalOrderId')),
    paymentCurrencyCode: text(pick(o, 'PaymentCurrencyCode')),
    paymentAmount: text(pick(o, 'PaymentAmount')),
    errorCode: text(pick(o, 'ErrorCode')),
    message: text(pick(o, 'Message')),
    description: text(pick(o, 'Description')),
  };
}

/** "ErrorCode: Message (Description)" for messages about a rejection. */
export function describeError(info: ResponseInfoView | undefined): string {
  if (!info) return 'no ResponseInfo';
  return [info.errorCode, info.message, info.description && `(${info.description})`].filter(Boolean).join(' ') || 'no error details';
}

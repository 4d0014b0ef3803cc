/**
 * Reading a merchant's answer: the ResponseInfo fields, wrapped as the interface documents
 * (`{ "ResponseInfo": {...} }`) or flat at the top level as every deployed integration sends them
 * (public-facts), casing tolerated (the platform's .NET parser is case-insensitive).
 */
import { readBoolean, readProperty, unwrapResponseInfo } from '../validation/index.js';

/** The fields xborder reads from a ResponseInfo, normalised. */
export interface ResponseInfoView {
  /** `wrapped` (the documented form; assumed when absent) or `flat`: the fields at the top level. */
  shape?: 'wrapped' | 'flat';
  success?: boolean;
  internalOrderId?: string;
  paymentCurrencyCode?: string;
  paymentAmount?: string;
  errorCode?: string;
  message?: string;
  description?: string;
}

/** A field as the platform's reader finds it (any casing). */
const pick = readProperty;

// The platform's reader reads "" like null: absent.
const text = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));

/**
 * The ResponseInfo of a parsed body, or undefined when there is none. Which bodies carry one (a
 * wrapper, or `Success` at the top level) is validation's one definition, shared with `validate`.
 */
export function readResponseInfo(body: unknown): ResponseInfoView | undefined {
  const found = unwrapResponseInfo(body);
  if (!found) return undefined;
  const o = found.info;
  const success = pick(o, 'Success');
  return {
    shape: found.shape,
    // Read as the platform reads it: "True"/"false" strings are booleans too (the lenient check warns about them).
    success: readBoolean(success),
    internalOrderId: text(pick(o, 'InternalOrderId')),
    paymentCurrencyCode: text(pick(o, 'PaymentCurrencyCode')),
    paymentAmount: text(pick(o, 'PaymentAmount')),
    errorCode: text(pick(o, 'ErrorCode')),
    message: text(pick(o, 'Message')),
    description: text(pick(o, 'Description')),
  };
}

/** The JSON pointer of a ResponseInfo field in the answer as it was sent (flat or wrapped). */
export function infoPath(info: ResponseInfoView | undefined, field: string): string {
  return info?.shape === 'flat' ? `/${field}` : `/ResponseInfo/${field}`;
}

/** "ErrorCode: Message (Description)" for messages about a rejection. */
export function describeError(info: ResponseInfoView | undefined): string {
  if (!info) return 'no ResponseInfo';
  const message = info.message && firstLine(info.message);
  return [info.errorCode, message, info.description && `(${firstLine(info.description)})`].filter(Boolean).join(' ') || 'no error details';
}

/** A stack trace in Message (seen in the wild) is named by its first line only. */
function firstLine(value: string): string {
  const [first, ...rest] = value.split(/\r?\n/);
  return rest.some((l) => l.trim() !== '') ? `${first!.trim()} …` : first!.trim();
}

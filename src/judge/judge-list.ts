/**
 * Judges a list of exchanges xborder did not send itself (a HAR file, a replay), in order, with the
 * one judge: each recognised exchange becomes a case, the others are listed as skipped.
 */
import type { CaseResult, Exchange } from '../model.js';
import type { MerchantContext } from '../merchant/context.js';
import { judgeRecorded } from './judge-recorded.js';

/** An exchange to judge and the name its case gets. */
export interface NamedExchange {
  exchange: Exchange;
  variant: string;
  /** The auth mode its case reports (`recorded` for exchanges seen, not sent, by xborder). */
  authMode?: string;
}

/** An exchange the judge does not know: not for a configured endpoint. */
export interface SkippedExchange {
  variant: string;
  method: string;
  url: string;
}

/** The auth mode reported for exchanges xborder saw but did not send (their credentials are the sender's). */
export const RECORDED_AUTH = 'recorded';

/** `#3 POST /order-update-create-url`: the position and the request, which identify a recorded exchange across runs. */
export function recordedVariant(index: number, method: string, url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://recorded.invalid').pathname;
  } catch {
    // An unparsable URL is shown as recorded.
  }
  return `#${index} ${method.toUpperCase()} ${path}`;
}

/** Judges each exchange; returns the cases and what was skipped. */
export function judgeList(ctx: MerchantContext, list: NamedExchange[]): { cases: CaseResult[]; skipped: SkippedExchange[] } {
  const cases: CaseResult[] = [];
  const skipped: SkippedExchange[] = [];
  for (const item of list) {
    // Card data and secrets in the platform's payload are masked wherever the merchant echoes them.
    if (item.exchange.request.body !== undefined) {
      try {
        ctx.noteSecrets?.(JSON.parse(item.exchange.request.body));
      } catch {
        // Not JSON: the free-text rules still mask card numbers.
      }
    }
    const verdict = judgeRecorded(ctx, item.exchange, item.variant, item.authMode ?? RECORDED_AUTH);
    if (verdict) cases.push(verdict.result);
    else skipped.push({ variant: item.variant, method: item.exchange.request.method, url: ctx.mask(item.exchange.request.url) });
  }
  return { cases, skipped };
}

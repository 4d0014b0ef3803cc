/**
 * The built-in sample MerchantGUID and cart token are values only the reference merchant knows. A run
 * that sends them to another merchant tests the wrong thing (every order refused for its GUID or its
 * cart), so the run says so once, naming only the values its requests carried (a post-order --file
 * of the user's own order sends neither, whatever the configuration holds). The reference merchant
 * (`mock merchant`, the one `demo` starts) marks each answer with a header; the run watches the
 * answers for it.
 */
import type { Exchange, XborderConfig } from '../model.js';
import { SAMPLE_CART_TOKEN, SAMPLE_MERCHANT_GUID } from '../config/defaults.js';
import { EndpointAnswers } from './endpoint-answers.js';

/** The sample GUID in any case: a GUID is compared case-insensitively everywhere it is read. */
const SAMPLE_GUID = new RegExp(SAMPLE_MERCHANT_GUID, 'i');

/** The header the reference merchant puts on every answer (lower-cased, as exchanges keep them). */
const REFERENCE_HEADER = 'x-xborder-mock';

/** The run's answers (see EndpointAnswers), also telling whether any came from the reference merchant. */
export class WatchedAnswers extends EndpointAnswers {
  /** Some answer came (from anyone). */
  anyAnswer = false;
  /** Some answer carried the reference merchant's header. */
  reference = false;
  /** Some request carried the sample MerchantGUID (any case) in its URL or body. */
  sentSampleGuid = false;
  /** Some request carried the sample cart token in its URL or body (a cart's parameter, an order's CartId). */
  sentSampleCart = false;

  override note(exchange: Exchange): void {
    const { url, body } = exchange.request;
    this.sentSampleGuid ||= SAMPLE_GUID.test(url) || (body !== undefined && SAMPLE_GUID.test(body));
    this.sentSampleCart ||= url.includes(SAMPLE_CART_TOKEN) || (body?.includes(SAMPLE_CART_TOKEN) ?? false);
    if (exchange.response) {
      this.anyAnswer = true;
      if (exchange.response.headers[REFERENCE_HEADER] !== undefined) this.reference = true;
    }
    super.note(exchange);
  }
}

/**
 * The warning for a run whose requests carried sample values to a merchant that answered and is not
 * the reference merchant; undefined otherwise. The advice names where the value came from: the
 * configuration when it holds the sample value, else what was sent as given (a file, a --set).
 */
export function sampleValuesWarning(config: XborderConfig, answers: WatchedAnswers): string | undefined {
  if (!answers.anyAnswer || answers.reference) return undefined;
  const used: string[] = [];
  const settings: string[] = [];
  if (answers.sentSampleGuid) {
    used.push(`the sample MerchantGUID ${SAMPLE_MERCHANT_GUID}`);
    const configured = config.merchantGUID.trim().toLowerCase() === SAMPLE_MERCHANT_GUID;
    settings.push(`${configured ? 'merchantGUID (or XBORDER_MERCHANT_GUID)' : 'the MerchantGUID of what you sent'} to the GUID the platform issued you`);
  }
  if (answers.sentSampleCart) {
    used.push(`the sample cart token ${SAMPLE_CART_TOKEN}`);
    settings.push(config.merchant.cartToken === SAMPLE_CART_TOKEN ? 'merchant.cartToken (or XBORDER_CART_TOKEN) to a cart of your store, or list carts in merchant.carts' : 'the CartId of what you sent to a cart of your store');
  }
  if (used.length === 0) return undefined;
  return `this run sent ${used.join(' and ')}, which only the reference merchant knows, to a merchant that is not it: its refusals may be about ${used.length > 1 ? 'these values' : 'this value'}. Set ${settings.join(', and ')}.`;
}

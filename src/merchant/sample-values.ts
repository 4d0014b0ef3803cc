/**
 * The built-in sample MerchantGUID and cart token are values only the reference merchant knows. A run
 * that sends them to another merchant tests the wrong thing (every order refused for its GUID or its
 * cart), so the run says so once. The reference merchant (`mock merchant`, the one `demo` starts)
 * marks each answer with a header; the run watches the answers for it.
 */
import type { Exchange, XborderConfig } from '../model.js';
import { SAMPLE_CART_TOKEN, SAMPLE_MERCHANT_GUID } from '../config/defaults.js';
import { EndpointAnswers } from './endpoint-answers.js';

/** The header the reference merchant puts on every answer (lower-cased, as exchanges keep them). */
const REFERENCE_HEADER = 'x-xborder-mock';

/** The run's answers (see EndpointAnswers), also telling whether any came from the reference merchant. */
export class WatchedAnswers extends EndpointAnswers {
  /** Some answer came (from anyone). */
  anyAnswer = false;
  /** Some answer carried the reference merchant's header. */
  reference = false;

  override note(exchange: Exchange): void {
    if (exchange.response) {
      this.anyAnswer = true;
      if (exchange.response.headers[REFERENCE_HEADER] !== undefined) this.reference = true;
    }
    super.note(exchange);
  }
}

/**
 * The warning for a run that sent sample values to a merchant that answered and is not the reference
 * merchant; undefined otherwise. `configuredCart`: the configured cart token was sent (no merchant.carts
 * or newCart).
 */
export function sampleValuesWarning(config: XborderConfig, answers: WatchedAnswers, configuredCart: boolean): string | undefined {
  if (!answers.anyAnswer || answers.reference) return undefined;
  const used: string[] = [];
  const settings: string[] = [];
  if (config.merchantGUID === SAMPLE_MERCHANT_GUID) {
    used.push(`the sample MerchantGUID ${SAMPLE_MERCHANT_GUID}`);
    settings.push('merchantGUID (or XBORDER_MERCHANT_GUID) to the GUID the platform issued you');
  }
  if (configuredCart && config.merchant.cartToken === SAMPLE_CART_TOKEN) {
    used.push(`the sample cart token ${SAMPLE_CART_TOKEN}`);
    settings.push('merchant.cartToken (or XBORDER_CART_TOKEN) to a cart of your store, or list carts in merchant.carts');
  }
  if (used.length === 0) return undefined;
  return `this run sent ${used.join(' and ')}, which only the reference merchant knows, to a merchant that is not it: its refusals may be about ${used.length > 1 ? 'these values' : 'this value'}. Set ${settings.join(', and ')}.`;
}

/**
 * Completes a gift-card query from flags, asking in a terminal for what is missing. Shared by
 * `gift-card validate` (a flag left out) and the wizard, so both ask the same questions.
 */
import { UsageError } from '../errors.js';
import type { XborderConfig } from '../model.js';
import type { GiftCardQuery } from '../platform/gift-card.js';
import { countryChoices, validCountry } from './countries.js';
import type { Prompter } from './prompter.js';

/** What the flags gave. */
export interface GiftCardFlags {
  cardId?: string;
  pin?: string;
  country?: string;
  cartToken?: string;
}

/**
 * The full query. Without a prompter a missing --card-id or --country is a UsageError (exit 2);
 * with one, each missing value is asked for (the PIN masked, and only when the card id was asked
 * too: a card id given as a flag with no PIN means a card without one).
 */
export async function completeGiftCardQuery(flags: GiftCardFlags, config: XborderConfig, prompter?: Prompter): Promise<GiftCardQuery> {
  const missing = [!flags.cardId && '--card-id', !flags.country && '--country'].filter(Boolean);
  if (missing.length > 0 && !prompter) {
    throw new UsageError(`gift-card validate needs ${missing.join(' and ')} (asked for only in a terminal). Example: xborder gift-card validate --card-id 6006491234567890 --country DE`);
  }
  let cardId = flags.cardId?.trim();
  let pin = flags.pin;
  if (!cardId) {
    cardId = (await prompter!.text({ message: 'Gift card number (CardId):', validate: (v) => v.trim() !== '' || 'the card number is required' })).trim();
    if (pin === undefined) pin = await prompter!.secret({ message: 'Card PIN (leave empty when the card has none):' });
  }
  let country = flags.country?.trim().toUpperCase();
  if (!country) {
    country = await prompter!.search({ message: 'Shipping country:', choices: countryChoices(), default: config.merchant.countryCode });
  }
  const valid = validCountry(country);
  if (valid !== true) throw new UsageError(`--country: expected ${valid}; got "${country}".`);
  return { cardId, country, ...(pin ? { pin } : {}), ...(flags.cartToken ? { cartToken: flags.cartToken } : {}) };
}

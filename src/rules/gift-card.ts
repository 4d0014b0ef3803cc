/**
 * Gift-card rules: `gift-card-validity` (a valid card has a non-negative Balance and an ISO currency;
 * an invalid one carries ErrorCode or ErrorText; IsGlobalEGiftCard is a boolean for a valid card) and
 * `gift-card-fields` (the request names the card: a non-empty CardId).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { isCurrencyCode } from './iso-codes.js';
import { asNumber, asObject, isGiven, received } from './util.js';

/** `gift-card-validity`. */
export const giftCardValidityRule: PayloadRule = {
  id: 'gift-card-validity',
  title: 'A valid card has a balance and currency; an invalid one says why',
  check(doc) {
    const root = asObject(doc);
    if (!root) return [];
    if (typeof root.IsValid !== 'boolean') {
      return [{ path: '/IsValid', message: 'IsValid must be true or false', expected: 'boolean', actual: received(root.IsValid), severity: 'error' }];
    }
    const findings: Finding[] = [];
    if (root.IsValid) {
      const balance = asNumber(root.Balance);
      if (balance === undefined || balance < 0) {
        findings.push({ path: '/Balance', message: 'a valid card has a non-negative Balance', expected: 'a number >= 0', actual: received(root.Balance), severity: 'error' });
      }
      const currency = root.CurrencyCode;
      if (typeof currency !== 'string' || !isCurrencyCode(currency.trim().toUpperCase())) {
        findings.push({ path: '/CurrencyCode', message: 'a valid card has the ISO 4217 currency of its balance', expected: 'ISO 4217 currency code (e.g. EUR)', actual: received(currency), severity: 'error' });
      }
      if (typeof root.IsGlobalEGiftCard !== 'boolean') {
        findings.push({ path: '/IsGlobalEGiftCard', message: 'a valid card says whether it was bought from the platform (IsGlobalEGiftCard)', expected: 'boolean', actual: received(root.IsGlobalEGiftCard), severity: 'warning' });
      }
    } else if (!isGiven(root.ErrorCode) && !isGiven(root.ErrorText)) {
      findings.push({ path: '', message: 'an invalid card carries ErrorCode or ErrorText', expected: 'ErrorCode or ErrorText', actual: 'neither', severity: 'error' });
    }
    return findings;
  },
};

/** `gift-card-fields`. */
export const giftCardFieldsRule: PayloadRule = {
  id: 'gift-card-fields',
  title: 'The request names the card',
  check(doc) {
    const fields = asObject(asObject(doc)?.CardFields);
    if (!fields) return [];
    if (isGiven(fields.CardId)) return [];
    return [{ path: '/CardFields/CardId', message: 'CardFields.CardId must name the card', expected: 'a non-empty card id', actual: received(fields.CardId), severity: 'error' }];
  },
};

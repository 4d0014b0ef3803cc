/**
 * The gift cards the reference platform knows. `xborder mock platform` prints this table and
 * `xborder demo` validates every card, so the ids, PINs and answers below are public test data,
 * not secrets (the PIN a user types for a real card is one, and is never printed).
 */

/** What the mock platform answers for a card id (and PIN). */
export interface TestCard {
  /** The `CardFields.CardId` to send. */
  cardId: string;
  /** The `CardFields.CardPin` the card needs; absent when the card has no PIN. */
  pin?: string;
  /** One line for the printed table. */
  description: string;
  /** Whether the platform reports the card valid (with the right PIN). */
  isValid: boolean;
  balance: number | null;
  currencyCode: string | null;
  /** `IsGlobalEGiftCard`: bought from the platform. */
  boughtFromPlatform: boolean;
  errorCode?: string;
  errorText?: string;
}

/** Documented test cards, in the order they are printed. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    cardId: 'XB-GC-VALID-0001',
    pin: '4321',
    description: 'valid, balance 75.50 EUR (PIN 4321; a wrong PIN is refused)',
    isValid: true,
    balance: 75.5,
    currencyCode: 'EUR',
    boughtFromPlatform: false,
  },
  {
    cardId: 'XB-GC-ZERO-0002',
    description: 'valid, balance 0.00 EUR (no PIN)',
    isValid: true,
    balance: 0,
    currencyCode: 'EUR',
    boughtFromPlatform: false,
  },
  {
    cardId: 'XB-GC-PLATFORM-0003',
    description: 'valid, balance 120.00 USD, bought from the platform (IsGlobalEGiftCard true; no PIN)',
    isValid: true,
    balance: 120,
    currencyCode: 'USD',
    boughtFromPlatform: true,
  },
  {
    cardId: 'XB-GC-UNKNOWN-9999',
    description: 'unknown card: IsValid false, ErrorCode CARD_NOT_FOUND (so is any other id)',
    isValid: false,
    balance: null,
    currencyCode: null,
    boughtFromPlatform: false,
    errorCode: 'CARD_NOT_FOUND',
    errorText: 'The gift card does not exist.',
  },
];

/** The answer for a card id no test card has. */
export const UNKNOWN_CARD: TestCard = TEST_CARDS.find((card) => card.cardId === 'XB-GC-UNKNOWN-9999')!;

/** The answer for a known card sent with a missing or wrong PIN. */
export const WRONG_PIN = { errorCode: 'INVALID_PIN', errorText: 'The gift card PIN is missing or wrong.' } as const;

/** The test card with this id (exact match, as a card id is), or undefined. */
export function findTestCard(cardId: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.cardId === cardId);
}

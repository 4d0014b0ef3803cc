/**
 * `xborder gift-card validate`: complete the query (flags, else questions in a terminal), call
 * ValidateGiftCard, show the answer and the checks. The PIN is registered with the redactor before
 * anything is printed, so no output path can show it.
 */
import type { Command } from 'commander';
import { terminalWidth } from '../../report/width.js';
import { closeAgents } from '../../http/send.js';
import { giftCardUrl, validateGiftCard, type GiftCardQuery } from '../../platform/gift-card.js';
import { renderGiftCardAnswer } from '../../platform/views.js';
import { exitCodeOf, toRunResult } from '../../report/summary.js';
import { completeGiftCardQuery } from '../../wizard/gift-card-questions.js';
import { writeReports } from '../merchant-run.js';
import { canPrompt, createPrompter } from '../prompts.js';
import { openSession, warnTransport, type Session } from '../session.js';

/** Flags of `gift-card validate` (plus the shared connection flags). */
export interface GiftCardValidateOptions {
  cardId?: string;
  pin?: string;
  country?: string;
  cartToken?: string;
  url?: string;
  [flag: string]: unknown;
}

/** Runs the command and returns the exit code: 0 conforming answer, 1 not, 3 unreachable. */
export async function run(opts: GiftCardValidateOptions, cmd: Command): Promise<number> {
  // --country and --cart-token name the card's shipping country and cart here, not the merchant's
  // cart request defaults, so they are kept out of the config layering.
  const { country, cartToken, url, pin, cardId, ...connection } = opts;
  const session = await openSession({ ...connection, ...(url !== undefined ? { giftCardUrl: url } : {}) }, cmd);
  const secretPin = pin ?? process.env.XBORDER_GIFT_CARD_PIN;
  if (secretPin) session.redactor.add(secretPin);
  const json = session.globals.json === true;
  const prompter = canPrompt(json) ? createPrompter(json ? { output: process.stderr } : {}) : undefined;
  const query = await completeGiftCardQuery({ cardId, pin: secretPin, country, cartToken }, session.config, prompter);
  return reportGiftCard(session, query);
}

/** Validates the card and prints the answer and the checks; returns the exit code. Used by the wizard too. */
export async function reportGiftCard(session: Session, query: GiftCardQuery): Promise<number> {
  if (query.pin) session.redactor.add(query.pin);
  warnTransport(session, [giftCardUrl(session.config)]);
  let outcome;
  try {
    outcome = await validateGiftCard(query, session.config);
  } finally {
    await closeAgents();
  }
  const run = toRunResult([outcome.caseResult]);
  if (!session.globals.json) session.output.out(renderGiftCardAnswer(outcome, { color: session.output.color, width: terminalWidth(process.stdout, process.env) }));
  await writeReports(session, run);
  return exitCodeOf(run.summary);
}

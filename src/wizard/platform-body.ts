/**
 * Builds the body of a platform call in a terminal: the fields xborder knows for the operation are
 * asked for (ValidateGiftCard through the gift-card questions, so its PIN is masked), then the
 * user reviews the JSON and may change a field, retype it or open an editor before it is sent.
 */
import { UsageError, XborderError } from '../errors.js';
import type { XborderConfig } from '../model.js';
import { MASK } from '../redact/redactor.js';
import { giftCardBody } from '../platform/gift-card.js';
import { KNOWN_FIELDS } from '../platform/operation-fields.js';
import { VALIDATE_GIFT_CARD, type ResolvedTarget } from '../platform/operations.js';
import { applyOverrides } from '../samples/override.js';
import { completeGiftCardQuery } from './gift-card-questions.js';
import type { Prompter, WizardOutput } from './prompter.js';

/** The body, and the secrets typed on the way (to register with the redactor). */
export interface AskedBody {
  body: unknown;
  secrets: string[];
}

/** Asks for the known fields of `target`, applies `sets`, then lets the user review and edit. */
export async function askPlatformBody(
  target: ResolvedTarget,
  config: XborderConfig,
  prompter: Prompter,
  output: WizardOutput,
  sets: string[] = [],
): Promise<AskedBody> {
  const secrets: string[] = [];
  let body: unknown;
  if (target.operation === VALIDATE_GIFT_CARD) {
    const query = await completeGiftCardQuery({}, config, prompter);
    if (query.pin) secrets.push(query.pin);
    body = giftCardBody(config.merchantGUID, query);
  } else {
    body = await askKnownFields(target.operation?.id, config, prompter);
  }
  const kind = target.operation === VALIDATE_GIFT_CARD ? ('gift-card-request' as const) : undefined;
  body = applyOverrides(body, sets, kind);
  return { body: await review(body, kind, prompter, output, secrets), secrets };
}

async function askKnownFields(id: string | undefined, config: XborderConfig, prompter: Prompter): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of (id && KNOWN_FIELDS[id]) || []) {
    if (field.from === 'merchantGUID') body[field.name] = config.merchantGUID;
    else if (field.from === 'countryCode') body[field.name] = config.merchant.countryCode;
    else if (field.from === 'cartToken') body[field.name] = config.merchant.cartToken;
    else if (field.type === 'list') body[field.name] = [];
    else {
      const raw = await prompter.text({
        message: `${field.name}${field.hint ? ` (${field.hint})` : ''}:`,
        validate: (v) => field.type !== 'number' || v.trim() === '' || Number.isFinite(Number(v)) || 'a number',
      });
      body[field.name] = field.type === 'number' && raw.trim() !== '' ? Number(raw) : raw;
    }
  }
  return body;
}

type Step = 'send' | 'set' | 'type' | 'editor';

/** Shows the JSON (typed secrets replaced, whatever the output's own masking) and loops until the user sends it. */
async function review(initial: unknown, kind: 'gift-card-request' | undefined, prompter: Prompter, output: WizardOutput, secrets: string[]): Promise<unknown> {
  let body = initial;
  const hide = (text: string) => secrets.filter((s) => s !== '').reduce((t, secret) => t.split(JSON.stringify(secret).slice(1, -1)).join(MASK), text);
  for (;;) {
    output.say(`Request body:\n${hide(JSON.stringify(body, null, 2))}\n`);
    const step = await prompter.select<Step>({
      message: 'Send this body?',
      choices: [
        { name: 'Send it', value: 'send' },
        { name: 'Change a field (Path=value)', value: 'set', description: 'e.g. CardFields.CardId=123 or Products[0].Quantity=2' },
        { name: 'Type the whole JSON', value: 'type' },
        { name: 'Open it in $EDITOR', value: 'editor' },
      ],
    });
    try {
      if (step === 'send') return body;
      if (step === 'set') body = applyOverrides(body, [await prompter.text({ message: 'Path=value:', validate: (v) => v.includes('=') || 'write Path=value' })], kind);
      if (step === 'type') body = JSON.parse(await prompter.text({ message: 'JSON body:', default: JSON.stringify(body), validate: validJson }));
      if (step === 'editor') body = parseEdited(await prompter.editor({ message: 'Edit the body, save and close the editor.', text: JSON.stringify(body, null, 2) }));
    } catch (error) {
      // A bad path or bad JSON is said and asked again; cancelling still unwinds.
      if (error instanceof XborderError && error.exitCode === 2) output.say(`${error.message}\n`);
      else throw error;
    }
  }
}

function validJson(text: string): true | string {
  try {
    JSON.parse(text);
    return true;
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
}

function parseEdited(text: string): unknown {
  const valid = validJson(text);
  if (valid !== true) throw new UsageError(`The edited body is ${valid}; it was not changed.`);
  return JSON.parse(text);
}

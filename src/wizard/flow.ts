/**
 * The wizard: choose a task, answer only what the configuration does not settle, run the same code
 * as the command, then offer to save the answers. The runs themselves are injected (the CLI wires
 * them to the commands' actions), so this module decides and asks but never prints or exits.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { listSamples } from '../samples/catalog.js';
import { PAYLOAD_KINDS } from '../validation/index.js';
import { PLATFORM_OPERATIONS, type ResolvedTarget } from '../platform/operations.js';
import { askAuth } from './auth-questions.js';
import type { Draft } from './draft.js';
import { askCartSettings, askGiftCardTarget, askGuid, askMerchantUrl, askMissingVariables, askPayments, askPlatform, type WizardContext } from './questions.js';
import { offerSave, type WriteFile } from './save.js';

/** The wizard's tasks. */
export type TaskId = 'check' | 'gift-card' | 'platform-call' | 'validate' | 'decode' | 'config';

/** Which merchant checks to run. */
export type MerchantParts = 'all' | 'cart' | 'order';

/** The runs the wizard hands over to the commands' code; each resolves with the exit code. */
export interface WizardRunners {
  checkMerchant(draft: Draft, parts: MerchantParts, sample?: string): Promise<number>;
  giftCard(draft: Draft): Promise<number>;
  platformCall(draft: Draft, target: ResolvedTarget): Promise<number>;
  validateFile(file: string, kind?: string): Promise<number>;
  decodeFile(file: string, all: boolean): Promise<number>;
  writeFile: WriteFile;
}

const TASKS: Array<{ name: string; value: TaskId; description: string }> = [
  { name: 'Check the merchant (cart, order or all)', value: 'check', description: 'GetCheckoutCartInfo and SendOrderToMerchant, every configured auth mode' },
  { name: 'Validate a gift card', value: 'gift-card', description: 'ValidateGiftCard on the platform' },
  { name: 'Call a platform endpoint', value: 'platform-call', description: 'any of the 32 indexed operations, with a JSON body' },
  { name: 'Validate a payload file', value: 'validate', description: 'an order, cart response, ResponseInfo or gift-card payload, offline' },
  { name: 'Decode a payload', value: 'decode', description: "show a payload's URL-encoded values decoded" },
  { name: 'Create or edit the configuration', value: 'config', description: 'xborder.config.json, secrets as ${ENV} references' },
];

/** Runs tasks until the user is done; resolves with the exit code of the last run (0 when none ran). */
export async function runWizard(ctx: WizardContext, runners: WizardRunners): Promise<number> {
  let code = 0;
  for (;;) {
    const task = await ctx.prompter.select<TaskId>({ message: 'What do you want to do?', choices: TASKS });
    code = await runTask(task, { ...ctx, mode: task === 'config' ? 'all' : 'missing' }, runners);
    if (!(await ctx.prompter.confirm({ message: 'Do something else?', default: false }))) return code;
  }
}

async function runTask(task: TaskId, ctx: WizardContext, runners: WizardRunners): Promise<number> {
  const { prompter } = ctx;
  switch (task) {
    case 'check': {
      const parts = await prompter.select<MerchantParts>({
        message: 'Which checks?',
        choices: [
          { name: 'Everything: cart and order, positive and negative (xborder check)', value: 'all' },
          { name: 'The cart only: GetCheckoutCartInfo (xborder check-cart)', value: 'cart' },
          { name: 'One order: SendOrderToMerchant with a sample (xborder post-order)', value: 'order' },
        ],
      });
      const sample = parts === 'order'
        ? await prompter.select<string>({
            message: 'Which order sample?',
            choices: listSamples().filter((s) => s.kind === 'order').map((s) => ({ name: s.name, value: s.name, description: s.description })),
            default: 'order-full',
          })
        : undefined;
      await askGuid(ctx);
      await askMerchantUrl(ctx);
      if (parts !== 'order') await askCartSettings(ctx);
      await askPayments(ctx);
      await askMissingVariables(ctx);
      await askAuth(ctx);
      const code = await runners.checkMerchant(ctx.draft, parts, sample);
      await offerSave(ctx, runners.writeFile);
      return code;
    }
    case 'gift-card': {
      await askGuid(ctx);
      await askGiftCardTarget(ctx);
      await askMissingVariables(ctx);
      const code = await runners.giftCard(ctx.draft);
      await offerSave(ctx, runners.writeFile);
      return code;
    }
    case 'platform-call': {
      const operation = await prompter.search({
        message: 'Which operation?',
        choices: PLATFORM_OPERATIONS.map((op) => ({ name: `${op.group}: ${op.name} (${op.path})`, value: op })),
      });
      await askGuid(ctx);
      await askPlatform(ctx);
      await askMissingVariables(ctx);
      const code = await runners.platformCall(ctx.draft, { path: operation.path, operation });
      await offerSave(ctx, runners.writeFile);
      return code;
    }
    case 'validate': {
      const file = await askFile(ctx, 'Payload file to validate (JSON or NDJSON):');
      const kind = await prompter.select<string>({
        message: 'Validate it as:',
        choices: [{ name: 'Tell from its shape', value: 'auto' }, ...PAYLOAD_KINDS.map((k) => ({ name: k, value: k }))],
        default: 'auto',
      });
      return runners.validateFile(file, kind === 'auto' ? undefined : kind);
    }
    case 'decode': {
      const file = await askFile(ctx, 'Payload file to decode:');
      const all = await prompter.confirm({ message: 'Decode every encoded-looking string, not only the fields the interface encodes?', default: false });
      return runners.decodeFile(file, all);
    }
    case 'config': {
      await askGuid(ctx);
      await askMerchantUrl(ctx);
      await askCartSettings(ctx);
      await askPayments(ctx);
      await askMissingVariables(ctx);
      await askAuth(ctx);
      if (await prompter.confirm({ message: 'Configure the platform (gift cards and platform calls) too?', default: true })) await askGiftCardTarget(ctx);
      await offerSave(ctx, runners.writeFile, true);
      return 0;
    }
  }
}

async function askFile(ctx: WizardContext, message: string): Promise<string> {
  const file = await ctx.prompter.text({ message, validate: (v) => (v.trim() !== '' && existsSync(resolve(v.trim()))) || 'no such file' });
  return file.trim();
}

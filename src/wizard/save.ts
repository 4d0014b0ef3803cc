/**
 * Offers to save the wizard's answers. Secrets are written as `${NAME}` references unless the user
 * asks for them in clear twice (a choice, then a confirmation that defaults to no); the user is told
 * which environment variables the saved file needs.
 */
import { referencedVariables, renderDraft, type Draft } from './draft.js';
import type { WizardContext } from './questions.js';

/** Writes a file (injected: the wizard decides, the CLI writes). */
export type WriteFile = (file: string, text: string) => Promise<void>;

/** Asks whether to save, how to write secrets, writes, and says what to export. Returns whether it saved. */
export async function offerSave(ctx: WizardContext, write: WriteFile, always = false): Promise<boolean> {
  const { draft, prompter, output } = ctx;
  if (!draft.changed && !always) return false;
  const verb = draft.existed ? 'Update' : 'Save these answers to';
  if (!(await prompter.confirm({ message: `${verb} ${draft.file}?`, default: true }))) return false;

  let inClear = false;
  if (Object.keys(draft.secrets).length > 0) {
    const how = await prompter.select<'env' | 'clear'>({
      message: 'How should the secrets be written?',
      choices: [
        { name: 'As ${NAME} references to environment variables (recommended)', value: 'env' },
        { name: 'In clear in the file', value: 'clear' },
      ],
      default: 'env',
    });
    if (how === 'clear') {
      inClear = await prompter.confirm({ message: 'Really write the secrets in clear? Anyone who can read the file can use them.', default: false });
      if (!inClear) output.say('Keeping ${NAME} references.\n');
    }
  }
  await write(draft.file, renderDraft(draft, inClear));
  output.say(`Saved ${draft.file}.\n`);
  const needed = referencedVariables(draft.doc).filter((name) => !(inClear && draft.secrets[name] !== undefined));
  if (needed.length > 0) output.say(exportHint(needed, draft, ctx.env));
  return true;
}

/**
 * Which variables to export before the next run: only those this environment does not have already
 * (names only: the values are never printed).
 */
export function exportHint(names: string[], draft: Draft, env: Record<string, string | undefined>): string {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === 0) return 'Every environment variable the configuration reads is set in this environment.\n';
  const lines = missing.map((name) => `  export ${name}=...   # ${draft.secrets[name] !== undefined ? 'the value you typed' : 'not set yet'}`);
  return `The configuration reads these environment variables; set them before the next run:\n${lines.join('\n')}\n`;
}

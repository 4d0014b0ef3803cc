/**
 * Offers to save the wizard's answers. Secrets are written as `${NAME}` references unless the user
 * asks for them in clear twice (a choice, then a confirmation that defaults to no); the user is told
 * which environment variables the saved file needs. The file gets the `$schema` `init` writes
 * (config/schema-reference.ts) unless it has one of its own that works.
 */
import { resolve } from 'node:path';
import { brokenSchemaReference, schemaReference } from '../config/schema-reference.js';
import { referencedVariables, renderDraft, type Draft } from './draft.js';
import type { WizardContext } from './questions.js';

/**
 * Writes a file (injected: the wizard decides, the CLI writes); may resolve with a line to say after
 * the file is saved (what was done about `.xborder/` in .gitignore).
 */
export type WriteFile = (file: string, text: string) => Promise<string | void>;

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
  withSchema(draft);
  const note = await write(draft.file, renderDraft(draft, inClear));
  output.say(`Saved ${draft.file}.\n`);
  if (note) output.say(note);
  const needed = referencedVariables(draft.doc).filter((name) => !(inClear && draft.secrets[name] !== undefined));
  if (needed.length > 0) output.say(exportHint(needed, draft, ctx.env));
  return true;
}

/**
 * Gives the draft the `$schema` `init` writes, first, when it has none or one no teammate can use (a
 * path to no file, an absolute path: what an older `init` wrote into a global install).
 */
export function withSchema(draft: Draft): void {
  const file = resolve(draft.file);
  const { $schema: current, ...rest } = draft.doc;
  if (current !== undefined && !brokenSchemaReference(current, file)) return;
  draft.doc = { $schema: schemaReference(file), ...rest };
}

/**
 * Which variables to export before the next run: only those this environment does not have already
 * (names only: the values are never printed).
 */
export function exportHint(names: string[], draft: Draft, env: Record<string, string | undefined>): string {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === 0) return 'Every environment variable the configuration reads is set in this environment.\n';
  // `NAME=` and nothing after it: a placeholder there (`NAME=...`) reads as a credential's value to
  // the output's masking, which would print `NAME=****` as if a secret had been set.
  const width = Math.max(...missing.map((name) => name.length));
  const lines = missing.map((name) => `  export ${`${name}=`.padEnd(width + 1)}   # ${draft.secrets[name] !== undefined ? 'the value you typed' : 'not set yet'}`);
  return `The configuration reads these environment variables; set them before the next run:\n${lines.join('\n')}\n`;
}

/**
 * Before a run that may run the configuration's commands (`merchant.newCart.command`): each command
 * the config file sets runs only with the user's consent (src/config/consent.ts). Allowed commands
 * run; in a terminal the user is shown the commands not yet allowed and asked once (yes records the
 * consent, as `xborder allow` does); without a terminal, or on no, those commands are marked not
 * allowed and one line says how to allow them. The run goes on: each case that needs a cart from
 * the command is skipped, saying why (cart-failures.ts), rather than sent on a cart the merchant
 * never issued, whose refusal would read as the merchant's failure.
 */
import { realpath } from 'node:fs/promises';
import { allowedByVariable, consentDecision, notAllowed, readAllowedCommands, recordAllowedCommands } from '../config/consent.js';
import { refuseCommand } from '../config/commands.js';
import { shellQuote } from '../http/curl.js';
import type { ConfigCommand } from '../model.js';
import { escapeControls } from '../report/terminal-text.js';
import type { Session } from './session.js';

/** What the cases that needed a command not allowed say: which, from where, how to allow it. */
export function notAllowedReason(label: string, command: ConfigCommand): string {
  const file = escapeControls(label);
  return `${command.setting} of ${file} is not allowed (\`xborder allow ${shellQuote(file)}\`, --allow-commands or XBORDER_ALLOW_COMMANDS=1)`;
}

/** The one line said for a command not run: which, from where, what it means, how to allow it. */
export function notAllowedLine(label: string, command: ConfigCommand, consequence: string): string {
  const file = escapeControls(label);
  return (
    `not run: ${command.setting} of ${file} (${JSON.stringify(escapeControls(command.command))}) is not allowed, so ${consequence}; ` +
    `allow it with \`xborder allow ${shellQuote(file)}\`, or for one run with --allow-commands or XBORDER_ALLOW_COMMANDS=1\n`
  );
}

/** What a run does without the command, for its line (a merchant run skips the cases). */
export const CASES_SKIPPED = 'the cases that need the carts it makes are skipped';

/** The question's preamble: the file and each command, escaped (a planted command must not hide itself with control characters). */
function preamble(label: string, commands: ConfigCommand[]): string {
  const lines = commands.map((c) => `  ${c.setting}: ${escapeControls(c.command)}\n`).join('');
  return `${escapeControls(label)} runs ${commands.length === 1 ? 'this command' : 'these commands'} with your rights:\n${lines}`;
}

/**
 * Settles consent for the session's config file: afterwards each command of `session.config` may
 * run or is marked not allowed (`notAllowed`, its reason). `allowFlag` is `--allow-commands`;
 * `consequence` says in the line what the run does without the command. Throws CancelledError on
 * Ctrl-C in the question.
 */
export async function settleCommandConsent(session: Session, allowFlag: unknown, consequence = CASES_SKIPPED): Promise<void> {
  const from = session.config.fileCommands;
  if (!from || allowFlag === true || allowedByVariable(process.env)) return;
  // Consent is to a file, wherever it is reached from: a link or another working directory names the same one.
  const realFile = await realpath(from.file).catch(() => from.file);
  const { state } = await readAllowedCommands(process.env);
  const decision = consentDecision({ missing: notAllowed(state, realFile, from.commands), allowedForRun: false, terminal: inTerminal() });
  if (decision.kind === 'run') return;
  const { label } = from;
  if (decision.kind === 'ask' && (await ask(session, label, decision.missing))) {
    const path = await recordAllowedCommands(realFile, decision.missing, process.env);
    session.output.err(`Allowed; recorded in ${escapeControls(path)}\n`);
    return;
  }
  for (const command of decision.missing) {
    refuseCommand(session.config, command, notAllowedReason(label, command));
    session.output.err(notAllowedLine(label, command, consequence));
  }
}

/**
 * Whether the user can be asked: stdin and stderr are a terminal (prompts.ts's canPrompt for a
 * question drawn on stderr, without loading the prompt library for a run that asks nothing).
 */
function inTerminal(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

/** Shows the commands and asks once, on stderr (stdout may be a --json report). */
async function ask(session: Session, label: string, commands: ConfigCommand[]): Promise<boolean> {
  session.output.err(preamble(label, commands));
  // Loaded only when asking: inquirer is not needed by a run that asks nothing.
  const { createPrompter } = await import('./prompts.js');
  return createPrompter({ output: process.stderr }).confirm({ message: `Allow xborder to run ${commands.length === 1 ? 'it' : 'them'}, now and in later runs?`, default: false });
}

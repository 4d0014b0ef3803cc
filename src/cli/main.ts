/**
 * The CLI entry: builds the commander program from the command definitions, runs it, and is the one
 * place that turns errors into messages and exit codes. Command bodies are lazily imported by each
 * definition, so `xborder validate` never loads undici and `xborder decode` never loads ajv.
 */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { XborderError } from '../errors.js';
import { defineCommands } from './commands/index.js';
import { guardStdio } from './guard-stdio.js';
import { defineGlobalOptions } from './global-options.js';
import { useXborderUsageErrors } from './usage-errors.js';
import { fitHelp } from './help-width.js';
import { proseWidth } from '../report/width.js';

/** Runs the CLI with `argv` (process.argv form) and sets process.exitCode. Never throws. */
export async function main(argv: string[]): Promise<void> {
  // `xborder ... | head` closes the pipe early: that is the reader's choice, not an error to report.
  // Any other failure to write stdout (a full disk, /dev/full, a read-only descriptor) is one clear
  // line and exit 2, never an uncaught stack trace.
  guardStdio();
  const heldErrors: string[] = [];
  const program = new Command('xborder');
  program
    .description('Conformance and debugging tool for a cross-border checkout integration.')
    .version(VERSION, '-V, --version');
  defineGlobalOptions(program)
    .exitOverride()
    .configureOutput({
      // commander prints its own usage errors (which may quote a flag's value: a URL with a key);
      // they are held and written masked once parsing ends, with the exit code mapping below.
      writeErr: (s) => void heldErrors.push(s),
      // Help is prose: wrapped to the terminal, else COLUMNS, else 80, its examples and flags whole.
      writeOut: (s) => void process.stdout.write(fitHelp(s, proseWidth(process.stdout, process.env))),
      getOutHelpWidth: () => proseWidth(process.stdout, process.env),
      getErrHelpWidth: () => proseWidth(process.stderr, process.env),
    })
    .showSuggestionAfterError(true)
    // Each command's help lists its own flags, then the global ones in a section of their own (as gh does).
    .configureHelp({ showGlobalOptions: true });

  defineCommands(program);
  useXborderUsageErrors(program);
  // --show-secrets also reaches the cuts made for display below src/cli (see redact/run.ts).
  program.hook('preAction', async (_program, action) => {
    if (action.optsWithGlobals().showSecrets) (await import('../redact/run.js')).setShowSecrets(true);
  });

  // A bare `xborder` in a terminal opens the wizard; piped or in CI it prints the usage and exits 2.
  const args = argv.slice(2);
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  // `xborder help gift-card validate` shows that subcommand's help (commander's own help command
  // stops at the first word).
  const nestedHelp = args[0] === 'help' && args.length > 2 ? [...argv.slice(0, 2), ...args.slice(1), '--help'] : undefined;
  const effective = nestedHelp ?? (interactive && onlyGlobalFlags(args) ? [...argv, 'wizard'] : argv);
  // Outside a terminal a bare `xborder` is a CI step missing its command: the usage, and exit 2.
  if (!interactive && onlyGlobalFlags(args.filter((a) => a !== '--json'))) {
    process.stderr.write(`${program.helpInformation()}\nxborder: no command given (run \`xborder help\` for the list, or \`xborder demo\`).\n`);
    process.exitCode = 2;
    return;
  }
  const json = args.includes('--json');
  // A streamed report (validate's NDJSON) may have begun on stdout before the failure: then an
  // error document after it would break the JSON, and the message on stderr is the one said.
  let wroteStdout = false;
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    wroteStdout = true;
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;

  try {
    await program.parseAsync(effective);
  } catch (error) {
    const message = heldErrors.join('').trim();
    await writeHeld(heldErrors);
    process.exitCode = await exitCodeFor(error);
    // With --json, every failure is also one JSON document on stdout, the same shape every time.
    if (json && process.exitCode !== 0 && !wroteStdout) await writeJsonError(process.exitCode, error, message);
  } finally {
    await writeHeld(heldErrors);
  }
}

/** `{ "tool": ..., "error": { "exitCode", "message" } }` on stdout, masked. */
async function writeJsonError(exitCode: number, error: unknown, held: string): Promise<void> {
  const { runRedactor } = await import('../redact/run.js');
  const raw = error instanceof CommanderError ? held.replace(/^error: /, '') || error.message : error instanceof Error ? error.message : String(error);
  const message = runRedactor().text(raw.replace(/^xborder: /, ''));
  process.stdout.write(`${JSON.stringify({ tool: { name: 'xborder', version: VERSION }, error: { exitCode, message } })}\n`);
}

/** Writes commander's held error output to stderr, masked (the redactor is loaded only when there is some). */
async function writeHeld(held: string[]): Promise<void> {
  if (held.length === 0) return;
  const text = held.splice(0).join('');
  const { runRedactor } = await import('../redact/run.js');
  const { escapeLines } = await import('../report/terminal-text.js');
  // commander quotes the arguments it refuses, which may be pasted from a recording.
  process.stderr.write(runRedactor().text(escapeLines(text)));
}

/** True when `args` name no command: nothing, or only global flags (with `--config`'s value). */
function onlyGlobalFlags(args: string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-c' || arg === '--config') i++;
    else if (!/^(--config=.+|--no-color|--show-secrets|-v|--verbose|-q|--quiet)$/.test(arg)) return false;
  }
  return true;
}

async function exitCodeFor(error: unknown): Promise<number> {
  if (error instanceof CommanderError) {
    // --help and --version exit 0; every other commander error is a usage error (exit 2).
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
    if (error.exitCode === 0) return 0;
    return 2;
  }
  // Messages may quote what the user gave (a URL with a key, a proxy with a password, an ${ENV}
  // value the config schema refused): masked by the run's redactor, which knows the secrets of the
  // config and its sources, and the credentials xborder made. Loaded only here, as errors are rare
  // and start-up time is not. Error messages are masked even with --show-secrets.
  const { runRedactor } = await import('../redact/run.js');
  const { escapeLines } = await import('../report/terminal-text.js');
  const redactor = runRedactor();
  // A message may quote a recording, a run folder or a merchant (a url, a case name, a file's text):
  // its control characters are shown as escapes and none of its lines can start a workflow command.
  const mask = (text: string) => redactor.text(escapeLines(text));
  if (error instanceof XborderError) {
    process.stderr.write(mask(`xborder: ${error.message}\n`));
    return error.exitCode;
  }
  // An unexpected failure is our bug: one line, no stack unless asked for.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(mask(`xborder: internal error: ${message}\n`));
  if (process.env.XBORDER_DEBUG) process.stderr.write(mask(`${(error as Error)?.stack ?? ''}\n`));
  return 70;
}

/**
 * The one way commands write to the terminal. Every byte goes through `mask` (the redaction layer)
 * so no command can forget it; colour is decided once (TTY, NO_COLOR, --no-color).
 */
import { fitLines, proseWidth } from '../report/width.js';

/** Global flags every command sees (commander's optsWithGlobals()). */
export interface GlobalOptions {
  config?: string;
  json?: boolean;
  /** commander sets false for --no-color. */
  color?: boolean;
  verbose?: boolean;
  /** --quiet: only the failures and the summary line. */
  quiet?: boolean;
  showSecrets?: boolean;
  /**
   * Not a flag: the wizard's runs read a private copy of the user's config file (`config`), which
   * stands for this one; consent to the commands it sets is this file's (config/consent.ts).
   */
  commandsOf?: string;
}

/** Where a command writes; all text is masked before it leaves. */
export interface Output {
  /** Write text to stdout (masked). */
  out(text: string): void;
  /** Write text to stderr (masked). */
  err(text: string): void;
  /** A warning line on stderr. */
  warn(message: string): void;
  /** Whether ANSI colour may be used on stdout. */
  readonly color: boolean;
  /** Masks secrets in a string (identity with --show-secrets). */
  mask(text: string): string;
}

/** Options for createOutput; the streams are injectable so tests need no process mocks. */
export interface OutputOptions {
  globals: GlobalOptions;
  mask?: (text: string) => string;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream;
  env?: Record<string, string | undefined>;
}

/**
 * `warning: MESSAGE` wrapped to the width of `stream` (the terminal's, else COLUMNS, else 80) at
 * spaces, its continuation lines indented, every path, URL and id in it whole.
 */
export function warningText(message: string, stream: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined>): string {
  return proseText(`warning: ${message}`, stream, env);
}

/** A note (one or more lines of prose) wrapped to the width of `stream` like a warning. */
export function proseText(text: string, stream: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined> = process.env): string {
  return fitLines(text, proseWidth(stream, env));
}

/** Decides colour: only on a TTY, never with NO_COLOR (any value) or --no-color. */
export function colorEnabled(globals: GlobalOptions, isTTY: boolean | undefined, env: Record<string, string | undefined>): boolean {
  if (globals.color === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(isTTY);
}

export function createOutput(options: OutputOptions): Output {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const mask = options.globals.showSecrets ? (t: string) => t : (options.mask ?? ((t: string) => t));
  return {
    out: (text) => void stdout.write(mask(text)),
    err: (text) => void stderr.write(mask(text)),
    warn: (message) => void stderr.write(mask(`${warningText(message, stderr as { isTTY?: boolean; columns?: number }, env)}\n`)),
    color: colorEnabled(options.globals, (stdout as { isTTY?: boolean }).isTTY, env),
    mask,
  };
}

/**
 * Typed errors that carry their exit code. Code below src/cli throws these; the one top-level catch
 * in src/cli/main.ts prints the message (never a stack) and exits with the code.
 */

/** Base class: a user-facing error with the process exit code it implies. */
export class XborderError extends Error {
  constructor(
    message: string,
    /** 2 = usage/config/input, 3 = unreachable or could not judge, 130 = cancelled. */
    readonly exitCode: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Wrong flags, arguments or `--set` paths. Exit 2. */
export class UsageError extends XborderError {
  constructor(message: string) {
    super(message, 2);
  }
}

/** A file the user gave could not be read or parsed. Exit 2. Names the file and the position. */
export class InputError extends XborderError {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message, 2);
  }
}

/** The configuration has problems; every problem is listed at once. Exit 2. */
export class ConfigError extends XborderError {
  constructor(
    readonly problems: string[],
    readonly file?: string,
  ) {
    super(
      `${file ? `Configuration ${file}` : 'The configuration'} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
      2,
    );
  }
}

/** A target could not be reached at all. Exit 3. */
export class UnreachableError extends XborderError {
  constructor(message: string) {
    super(message, 3);
  }
}

/** The user cancelled (Ctrl-C in a prompt). Exit 130, nothing written. */
export class CancelledError extends XborderError {
  constructor() {
    super('Cancelled.', 130);
  }
}

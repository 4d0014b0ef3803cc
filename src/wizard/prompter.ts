/**
 * What the wizard (and a command that asks for a missing flag) needs from a terminal, as an
 * interface: the flow logic under src/wizard never imports a prompt library, src/cli/prompts.ts
 * implements this with @inquirer/prompts, and tests can script it.
 */

/** One entry of a list to choose from. */
export interface Choice<T> {
  /** What the user sees. */
  name: string;
  value: T;
  /** A line shown under the list for the highlighted entry. */
  description?: string;
}

/** A text answer's check: `true` when acceptable, else the message to show. */
export type Validate = (value: string) => true | string;

/** The questions xborder asks. Every method rejects with CancelledError on Ctrl-C. */
export interface Prompter {
  /**
   * Free text; `default` is accepted with Enter. `display` is what the answer line shows instead of
   * the text as typed (while typing and once answered): a URL's password and keys starred.
   */
  text(q: { message: string; default?: string; validate?: Validate; display?: (value: string, answered: boolean) => string }): Promise<string>;
  /** Masked input for secrets (passwords, keys, PINs): nothing is echoed. */
  secret(q: { message: string; validate?: Validate }): Promise<string>;
  /** One entry of a short list. */
  select<T>(q: { message: string; choices: Choice<T>[]; default?: T }): Promise<T>;
  /** One entry of a long list, filtered as the user types (countries, operations). */
  search<T>(q: { message: string; choices: Choice<T>[]; default?: T }): Promise<T>;
  /** Any number of entries of a list. */
  multiSelect<T>(q: { message: string; choices: Array<Choice<T> & { checked?: boolean }> }): Promise<T[]>;
  /** Yes or no. */
  confirm(q: { message: string; default?: boolean }): Promise<boolean>;
  /** Opens $VISUAL/$EDITOR on `text` and returns what was saved. */
  editor(q: { message: string; text: string; extension?: string }): Promise<string>;
}

/** Where the wizard writes what it has to say (masked by the CLI's output). */
export interface WizardOutput {
  /** A block of text for the user (a report, a hint). */
  say(text: string): void;
}

/**
 * The terminal implementation of the Prompter interface: the only module that imports
 * @inquirer/prompts. Ctrl-C in any prompt becomes CancelledError (exit 130), so a cancelled wizard
 * unwinds through the normal error path and writes nothing.
 */
import { checkbox, confirm, editor, input, password, search, select } from '@inquirer/prompts';
import { CancelledError } from '../errors.js';
import type { Choice, Prompter } from '../wizard/prompter.js';

/** Whether questions can be asked: stdin is a terminal and so is the stream prompts are drawn on. */
export function canPrompt(json: boolean | undefined, streams: { stdin?: { isTTY?: boolean }; stdout?: { isTTY?: boolean }; stderr?: { isTTY?: boolean } } = process): boolean {
  const drawOn = json ? streams.stderr : streams.stdout;
  return Boolean(streams.stdin?.isTTY && drawOn?.isTTY);
}

/** Options of the terminal prompter. */
export interface TerminalPromptOptions {
  /**
   * Where prompts are drawn. Commands with `--json` draw on stderr so stdout stays one JSON document.
   */
  output?: NodeJS.WritableStream;
  /** Where keys come from (stdin by default; tests pass a stream). */
  input?: NodeJS.ReadableStream;
}

/** Names of the errors inquirer raises when the user leaves a prompt (Ctrl-C, closed input, abort). */
const CANCELLED = new Set(['ExitPromptError', 'AbortPromptError', 'CancelPromptError']);

async function guarded<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof Error && CANCELLED.has(error.name)) throw new CancelledError();
    throw error;
  }
}

/** A Prompter drawing on a terminal. */
export function createPrompter(options: TerminalPromptOptions = {}): Prompter {
  const context = options.output || options.input ? { ...(options.output ? { output: options.output } : {}), ...(options.input ? { input: options.input } : {}) } : undefined;
  const toInquirer = <T>(choices: Choice<T>[]) => choices.map((c) => ({ name: c.name, value: c.value, ...(c.description ? { description: c.description } : {}) }));
  return {
    text: (q) =>
      guarded(() =>
        input(
          {
            message: q.message,
            ...(q.default !== undefined ? { default: q.default } : {}),
            ...(q.validate ? { validate: q.validate } : {}),
            ...(q.display ? { transformer: (value: string, { isFinal }: { isFinal: boolean }) => q.display!(value, isFinal) } : {}),
          },
          context,
        ),
      ),
    secret: (q) => guarded(() => password({ message: q.message, mask: '*', ...(q.validate ? { validate: q.validate } : {}) }, context)),
    select: (q) =>
      guarded(() =>
        select({ message: q.message, choices: toInquirer(q.choices), pageSize: 12, ...(q.default !== undefined ? { default: q.default } : {}) }, context),
      ),
    search: (q) =>
      guarded(() => {
        // The default goes first, so Enter on an empty filter picks it.
        const ordered = q.default === undefined ? q.choices : [...q.choices.filter((c) => c.value === q.default), ...q.choices.filter((c) => c.value !== q.default)];
        const all = toInquirer(ordered);
        return search(
          {
            message: q.message,
            pageSize: 10,
            source: (term) => {
              const t = (term ?? '').trim().toLowerCase();
              return t ? all.filter((c) => c.name.toLowerCase().includes(t) || String(c.value).toLowerCase() === t) : all;
            },
          },
          context,
        );
      }),
    multiSelect: (q) =>
      guarded(() =>
        checkbox({ message: q.message, pageSize: 12, choices: q.choices.map((c) => ({ ...toInquirer([c])[0]!, checked: Boolean(c.checked) })) }, context),
      ),
    confirm: (q) => guarded(() => confirm({ message: q.message, default: q.default ?? true }, context)),
    editor: (q) => guarded(() => editor({ message: q.message, default: q.text, postfix: q.extension ?? '.json', waitForUserInput: false }, context)),
  };
}

/**
 * A Prompter that answers from a script, for unit tests of the wizard flow: each question must match
 * the next expected message, so a test also proves which questions were (and were not) asked.
 */
import { expect } from 'vitest';
import type { Prompter } from '../../src/wizard/prompter.js';

/** One expected question and the answer to give. */
export type Step = [message: RegExp, answer: unknown];

/** The prompter, what it asked (the default and the list it offered), and how many answers are left. */
export function scriptedPrompter(steps: Step[]): { prompter: Prompter; asked: string[]; defaults: Map<string, unknown>; lists: Map<string, Array<{ value: unknown; checked?: boolean }>>; remaining: () => number } {
  const queue = [...steps];
  const asked: string[] = [];
  const defaults = new Map<string, unknown>();
  const lists = new Map<string, Array<{ value: unknown; checked?: boolean }>>();
  const next = async (message: string, validate?: (v: string) => true | string, fallback?: unknown) => {
    asked.push(message);
    if (fallback !== undefined) defaults.set(message, fallback);
    const step = queue.shift();
    if (!step) throw new Error(`unexpected question: ${message}`);
    expect(message).toMatch(step[0]);
    if (validate && typeof step[1] === 'string') expect(validate(step[1]), `answer to "${message}"`).toBe(true);
    return step[1];
  };
  const prompter: Prompter = {
    text: async (q) => (await next(q.message, q.validate, q.default)) as string,
    secret: async (q) => (await next(q.message, q.validate)) as string,
    select: async (q) => (await next(q.message, undefined, q.default)) as never,
    search: async (q) => (await next(q.message, undefined, q.default)) as never,
    multiSelect: async (q) => {
      lists.set(q.message, q.choices.map((c) => ({ value: c.value, checked: c.checked })));
      return (await next(q.message)) as never;
    },
    confirm: async (q) => (await next(q.message, undefined, q.default)) as boolean,
    editor: async (q) => (await next(q.message)) as string,
  };
  return { prompter, asked, defaults, lists, remaining: () => queue.length };
}

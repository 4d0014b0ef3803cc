/**
 * A cart source that fails mid-run (merchant.newCart exits non-zero, times out, prints no token,
 * often because the store behind it went down): only the cases that needed that cart are errored,
 * with the command's own words (its stderr, masked like every output, and how long it ran), and the
 * run goes on. A command that fails before any task finished is the configuration's problem and
 * still ends the run (exit 2): nothing was judged. A command the user did not allow is not run
 * at all: the cases that needed its cart are skipped, saying how to allow it.
 */
import type { XborderConfig } from '../model.js';
import type { Task } from '../engine/run-plan.js';
import { CartCommandError, CartNotAllowedError } from './new-cart-command.js';
import { unsentCases } from './unsent-cases.js';

/** Rewires `tasks` so a failing cart command errors the task's cases once any task has finished. */
export function wireCartFailures(config: XborderConfig, tasks: Task[]): void {
  let finished = 0;
  for (const task of tasks) {
    const run = task.run;
    task.run = async () => {
      try {
        const outcome = await run();
        finished++;
        return outcome;
      } catch (error) {
        // A command the user did not allow: the cases that needed its cart are skipped, whenever it is.
        if (error instanceof CartNotAllowedError) return unsentCases(config, task, { status: 'skipped', message: error.message });
        if (!(error instanceof CartCommandError) || finished === 0) throw error;
        finished++;
        return unsentCases(config, task, { status: 'errored', message: `not judged: no cart for it: ${error.brief}` });
      }
    };
  }
}

/**
 * Every command's definition (flags and help), cheap to load. Each definition lazily imports its
 * action from src/cli/actions/ when it runs.
 */
import type { Command } from 'commander';

/** Adds every xborder command to `program`. */
export function defineCommands(program: Command): void {
  void program;
}

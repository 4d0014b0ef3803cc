/**
 * The command tree a completion script completes: every command and subcommand with its flags,
 * read from the commander program itself, so a new command or flag completes without a change here.
 */
import type { Command } from 'commander';

/** One command of the tree. */
export interface CommandNode {
  /** Words from the program to this command (`[]` for the program, `['gift-card', 'validate']`). */
  path: string[];
  description: string;
  /** Long and short flags (`--json`, `-v`). */
  flags: string[];
  /** Flags that take a value. */
  valued: string[];
  children: CommandNode[];
}

/** The tree under `program` (hidden commands left out). */
export function commandTree(program: Command, path: string[] = []): CommandNode {
  const flags: string[] = [];
  const valued: string[] = [];
  for (const option of program.options) {
    for (const flag of [option.long, option.short]) {
      if (!flag) continue;
      flags.push(flag);
      if (option.required || option.optional) valued.push(flag);
    }
  }
  if (!flags.includes('--help')) flags.push('--help');
  const children = program.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map((c) => commandTree(c, [...path, c.name()]));
  return { path, description: program.description(), flags, valued, children };
}

/** The names a completion offers as flag and argument values (read from the registries, not listed here). */
export interface CompletionValues {
  /** After `--sample` and `samples show`. */
  samples: string[];
  /** After `checks`, `--checks` and `--exclude-checks` (comma lists). */
  checks: string[];
  /** After `--fault` of `demo` and `mock merchant`. */
  merchantFaults: string[];
  /** After `--fault` of `mock platform`. */
  platformFaults: string[];
}

/** Every node of the tree, depth first. */
export function allNodes(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}

/**
 * Commander's own usage errors ("error: unknown option '--strcit'") in xborder's voice: the same
 * `xborder:` prefix as every other error, a suggestion on the same line, and a pointer to the help
 * of the command that refused the flag, so the fix is one step away. The suggestion is xborder's
 * (src/did-you-mean.ts), not commander's: commander's edit distance alone misses a flag typed short
 * (`--merchant` for `--merchant-url` is four edits away).
 */
import type { Command } from 'commander';
import { meantPhrase, similarNames } from '../did-you-mean.js';

/** The command's full name as typed: `xborder gift-card validate`. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The commands (other than `cmd`) that declare the long flag `flag`. */
function commandsWithFlag(root: Command, flag: string, except: Command): string[] {
  const found: string[] = [];
  const walk = (c: Command) => {
    if (c !== except && c.options.some((o) => o.long === flag)) found.push(commandPath(c).replace(/^\S+ /, ''));
    c.commands.forEach(walk);
  };
  walk(root);
  return found;
}

/** The long flags `cmd` takes: its own and those of the commands above it (the global ones). */
function flagsOf(cmd: Command): string[] {
  const flags: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) for (const o of c.options) if (o.long && !o.hidden) flags.push(o.long);
  return flags;
}

/** Our suggestion for an unknown option or command, or commander's hint for any other error. */
function hintFor(first: string, commanderHint: string, cmd: Command): string {
  const option = /^unknown option '(--[^'=]+)/.exec(first);
  if (option) return meantPhrase(similarNames(option[1]!, flagsOf(cmd)));
  const command = /^unknown command '([^']+)'/.exec(first);
  if (command) return meantPhrase(similarNames(command[1]!, cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).flatMap((c) => [c.name(), ...c.aliases()])));
  return commanderHint ? `${commanderHint.charAt(0).toLowerCase()}${commanderHint.slice(1)}` : '';
}

/** One paragraph: `xborder: <what> (did you mean X?). See \`<command> --help\` for its flags.` */
export function formatUsageError(raw: string, cmd: Command): string {
  const text = raw.trim().replace(/^error:\s*/, '');
  const [head, ...rest] = text.split('\n');
  let first = head ?? '';
  const hint = hintFor(first, rest.join(' ').trim().replace(/^\((.*)\)$/, '$1'), cmd);
  let suggestion = hint ? ` (${hint})` : '';
  // A flag of another command: say it does not apply here rather than that it does not exist.
  const unknown = /^unknown option '(--[^'=]+)/.exec(first);
  let root = cmd;
  while (root.parent) root = root.parent;
  const elsewhere = unknown ? commandsWithFlag(root, unknown[1]!, cmd) : [];
  if (unknown && elsewhere.length > 0) {
    first = `${unknown[1]} does not apply to \`${commandPath(cmd)}\``;
    const owners = `it is a flag of ${elsewhere.slice(0, 3).join(', ')}${elsewhere.length > 3 ? ', ...' : ''}`;
    suggestion = ` (${owners}${hint ? `; ${hint}` : ''})`;
  }
  return `xborder: ${first}${suggestion}. See \`${commandPath(cmd)} --help\` for what it takes.\n`;
}

/** Gives `cmd` and every subcommand below it the xborder form of usage errors. */
export function useXborderUsageErrors(cmd: Command): void {
  cmd.configureOutput({ outputError: (str, write) => write(formatUsageError(str, cmd)) });
  for (const sub of cmd.commands) useXborderUsageErrors(sub);
}

/**
 * `xborder allow [FILE]`: the user consents to the commands a configuration file runs (see
 * src/config/consent.ts). The file is found as every command finds it (FILE, else --config, else
 * discovery, whose ownership rules apply: a file another user owns is refused when found, warned
 * about when named); each command it sets is shown and recorded under the file's real path.
 */
import { realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { commandDigest, everyCommandOf } from '../../config/commands.js';
import { recordAllowedCommands } from '../../config/consent.js';
import { DEFAULT_CONFIG_FILE, discoverConfigFile } from '../../config/discover.js';
import { defaultConfig } from '../../config/defaults.js';
import { distrustMessage, distrustOf } from '../../config/ownership.js';
import { readJsonFile } from '../../io/parse-json.js';
import { escapeControls } from '../../report/terminal-text.js';
import type { GlobalOptions } from '../output.js';
import { announceDiscoveredConfig, sessionFor, warnDistrustedConfig } from '../session.js';

/** The config file meant: its path and how the user knows it. Refuses a discovered file not trusted. */
function configFile(named: string | undefined): { path: string; label: string } {
  const cwd = process.cwd();
  if (named !== undefined) {
    const path = resolve(cwd, named);
    if (!existsSync(path)) throw new InputError(`Configuration file ${escapeControls(named)} does not exist.`, named);
    const distrust = distrustOf(path);
    if (distrust) warnDistrustedConfig(distrustMessage(named, distrust, true));
    return { path, label: named };
  }
  const found = discoverConfigFile(cwd);
  if (found === undefined) throw new UsageError(`No ${DEFAULT_CONFIG_FILE} here (or up to the repository root): name the file, \`xborder allow FILE\`.`);
  const label = relative(cwd, found) || DEFAULT_CONFIG_FILE;
  announceDiscoveredConfig(label);
  const distrust = distrustOf(found);
  if (distrust) throw new InputError(distrustMessage(label, distrust, false), label);
  return { path: found, label };
}

/** `xborder allow [FILE]`; resolves with the exit code. */
export async function run(file: string | undefined, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const { output } = sessionFor(globals, defaultConfig());
  const { path, label } = configFile(file ?? globals.config);
  const commands = everyCommandOf(await readJsonFile(path, 'configuration'));
  const real = await realpath(path);
  const state = commands.length > 0 ? await recordAllowedCommands(real, commands, process.env) : undefined;
  if (globals.json) {
    output.out(`${JSON.stringify({ file: real, allowed: commands.map((c) => ({ ...c, sha256: commandDigest(c) })), ...(state ? { state } : {}) }, null, 2)}\n`);
    return 0;
  }
  if (!state) {
    output.out(`${escapeControls(label)} runs no command: nothing to allow.\n`);
    return 0;
  }
  const lines = commands.map((c) => `  ${c.setting}: ${escapeControls(c.command)}\n`).join('');
  output.out(`Allowed from ${escapeControls(real)}:\n${lines}Recorded in ${escapeControls(state)}; a changed command needs a new \`xborder allow\`.\n`);
  return 0;
}

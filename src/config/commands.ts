/**
 * The commands a configuration file can make xborder run. Each one runs with the user's rights, so
 * a command that came from a file runs only with the user's consent (consent.ts); one given on the
 * command line or in an `XBORDER_*` variable is the user's own and needs none. Today there is one,
 * `merchant.newCart.command`; a later one is added to COMMAND_SETTINGS and is consented to like it.
 */
import { createHash } from 'node:crypto';
import type { ConfigCommand, XborderConfig } from '../model.js';
import type { ConfigFlags } from './overrides.js';

/** A setting of the config file that holds a command. */
interface CommandSetting {
  /** Its dotted path in the file, as messages name it. */
  setting: string;
  /** The flag (and XBORDER_* variable) that replaces it: then the file's command is not run. */
  flag: keyof ConfigFlags;
  /** Its value in a parsed file, as written (before `${NAME}` is replaced), if it is a string. */
  read(doc: unknown): string | undefined;
  /** Marks the command of a loaded config as not allowed (`reason`): it is not run, and the cases that need it are skipped. */
  refuse(config: XborderConfig, reason: string): void;
}

/** The value at `path` of a parsed document, when every step is an object. */
function at(doc: unknown, path: string[]): unknown {
  let value = doc;
  for (const step of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** Every setting of the config file that holds a command. */
export const COMMAND_SETTINGS: readonly CommandSetting[] = [
  {
    setting: 'merchant.newCart.command',
    flag: 'newCart',
    read: (doc) => {
      const value = at(doc, ['merchant', 'newCart', 'command']);
      return typeof value === 'string' ? value : undefined;
    },
    refuse: (config, reason) => {
      if (config.merchant.newCart) config.merchant.newCart.notAllowed = reason;
    },
  },
];

/** The commands a parsed config file sets, as written in it. */
export function commandsOf(doc: unknown): ConfigCommand[] {
  return COMMAND_SETTINGS.flatMap((k) => {
    const command = k.read(doc);
    return command === undefined ? [] : [{ setting: k.setting, command }];
  });
}

/**
 * Every command a parsed config file sets: the top level's and each `merchants` entry's (an entry's
 * `merchant.newCart` replaces the top level's for its runs), each distinct command once. What
 * `xborder allow` records.
 */
export function everyCommandOf(doc: unknown): ConfigCommand[] {
  const entries = at(doc, ['merchants']);
  const all = [doc, ...(Array.isArray(entries) ? entries : [])].flatMap((d) => commandsOf(d));
  return all.filter((c, i) => all.findIndex((o) => o.setting === c.setting && o.command === c.command) === i);
}

/**
 * The commands of the file that are in force: those no flag or `XBORDER_*` variable replaced
 * (`overridden` holds the flag keys that were given).
 */
export function commandsInForce(doc: unknown, overridden: (flag: keyof ConfigFlags) => boolean): ConfigCommand[] {
  return commandsOf(doc).filter((c) => !overridden(COMMAND_SETTINGS.find((k) => k.setting === c.setting)!.flag));
}

/** Marks `command` of `config` as not allowed, so it is not run: the cases that need it are skipped, saying `reason`. */
export function refuseCommand(config: XborderConfig, command: ConfigCommand, reason: string): void {
  COMMAND_SETTINGS.find((k) => k.setting === command.setting)?.refuse(config, reason);
}

/** The digest consent is recorded under (beside the setting): sha256 of the command as written, hex. */
export function commandDigest(command: ConfigCommand): string {
  return createHash('sha256').update(command.command).digest('hex');
}

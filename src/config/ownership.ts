/**
 * Whose files xborder trusts, as git's `safe.directory` decides: a repository root or a config file
 * counts only when it belongs to the user running xborder. In a shared folder (the system's
 * temporary folder, a download folder) another user can create `.git` and `xborder.config.json`; a
 * config file runs its commands and sends the user's `${VARIABLE}`s to the URLs it names, so one
 * that someone else owns, or that anyone may rewrite, must not be used silently. Where the platform
 * has no user ids (Windows), ownership is not judged.
 */
import { statSync, type Stats } from 'node:fs';
import { shellQuote } from '../http/curl.js';
import { escapeControls } from '../report/terminal-text.js';

/** The id of the user running xborder, or undefined where the platform has none. */
export function currentUid(): number | undefined {
  return process.getuid?.();
}

/** Whether an entry belongs to the user running xborder (always, where there are no user ids). */
export function ownedByCurrentUser(stats: Pick<Stats, 'uid'>): boolean {
  const uid = currentUid();
  return uid === undefined || stats.uid === uid;
}

/** Why a file is not trusted: another user owns it, or every user may write it. */
export type Distrust = { kind: 'owner'; owner: number; user: number } | { kind: 'world-writable'; mode: number };

/**
 * Why the file at `path` (links followed: the content read is the target's) must not be trusted,
 * or undefined when it is the user's and only they (and their group) may write it. Group write is
 * allowed: a umask of 002 is common. Undefined too when the file cannot be read (its reader says why).
 */
export function distrustOf(path: string): Distrust | undefined {
  const user = currentUid();
  if (user === undefined) return undefined;
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (stats.uid !== user) return { kind: 'owner', owner: stats.uid, user };
  if ((stats.mode & 0o002) !== 0) return { kind: 'world-writable', mode: stats.mode & 0o777 };
  return undefined;
}

/**
 * The one-paragraph message for a config file `path` xborder does not trust: what is wrong, why it
 * matters and the fix. `named` is true for `--config FILE` (the run goes on, warned), false for a
 * file discovery found (refused).
 */
export function distrustMessage(path: string, distrust: Distrust, named: boolean): string {
  // A folder's name is anyone's text in a shared folder: it reaches the terminal escaped.
  const label = escapeControls(path);
  const file = shellQuote(label);
  const what =
    distrust.kind === 'owner'
      ? `${label} belongs to another user (uid ${distrust.owner}; you are uid ${distrust.user})`
      : `${label} may be written by every user of this machine (mode ${distrust.mode.toString(8).padStart(4, '0')})`;
  const why = 'a configuration runs its commands (merchant.newCart.command) and sends your ${VARIABLE}s to the URLs it names';
  const fix =
    distrust.kind === 'owner'
      ? `If you trust it, make it a file of your own (\`cp ${file} ${file}.mine && mv ${file}.mine ${file}\`)`
      : `Fix: \`chmod o-w ${file}\` (group write is fine)`;
  if (named) return `${what}, and ${why}; it is used because you named it with --config. ${fix}.`;
  return `${what}, so xborder does not use it: ${why}, and git's safe.directory refuses such a repository for the same reason. ${fix}, or name it with --config ${file} to use it as it is.`;
}

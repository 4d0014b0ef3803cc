/**
 * Consent to a configuration's commands, as direnv's `allow` and editors' workspace trust: a
 * command a config file sets runs only when the user allowed that exact command from that file.
 * `xborder allow [FILE]` (or yes to the question asked in a terminal) records the file's real path
 * and each command's sha256 in the user's state folder, `$XDG_STATE_HOME/xborder/` (default
 * `~/.local/state/xborder/`), never in the project, where anyone who can write the project could
 * consent for them. A changed command has another digest and needs a new allow. `--allow-commands`
 * and `XBORDER_ALLOW_COMMANDS=1` allow them for one run (CI, whose checkout is the project's own).
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { makeUserDir, PRIVATE_DIR_MODE } from '../io/safe-dir.js';
import { writeFailure } from '../io/write-errors.js';
import type { ConfigCommand } from '../model.js';
import { commandDigest } from './commands.js';
import { distrustOf } from './ownership.js';

/** The state file's name in the state folder. */
export const ALLOWED_COMMANDS_FILE = 'allowed-commands.json';

/** The variable that allows a configuration's commands for one run. */
export const ALLOW_COMMANDS_VARIABLE = 'XBORDER_ALLOW_COMMANDS';

/** What was allowed for one config file. */
interface AllowedFile {
  /** Each command allowed: its setting and the sha256 of its text as written. */
  commands: { setting: string; sha256: string }[];
  /** When (ISO time), for the user reading the file. */
  allowedAt: string;
}

/** The state file: config files by real path. */
export interface AllowedCommands {
  version: 1;
  files: Record<string, AllowedFile>;
}

/** xborder's state folder: `$XDG_STATE_HOME/xborder`, else `~/.local/state/xborder` (a relative XDG_STATE_HOME is ignored, as the spec says). */
export function stateDirectory(env: Record<string, string | undefined>, home: string = homedir()): string {
  const base = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(home, '.local', 'state');
  return join(base, 'xborder');
}

/** The state file's path. */
export function allowedCommandsPath(env: Record<string, string | undefined>): string {
  return join(stateDirectory(env), ALLOWED_COMMANDS_FILE);
}

/** Whether `XBORDER_ALLOW_COMMANDS` allows the commands for this run (`1`, `true` or `yes`). */
export function allowedByVariable(env: Record<string, string | undefined>): boolean {
  return /^(?:1|true|yes)$/i.test(env[ALLOW_COMMANDS_VARIABLE]?.trim() ?? '');
}

function emptyState(): AllowedCommands {
  return { version: 1, files: {} };
}

/** Whether `value` has the state file's shape (anything else is read as nothing allowed). */
function isState(value: unknown): value is AllowedCommands {
  if (typeof value !== 'object' || value === null) return false;
  const files = (value as { files?: unknown }).files;
  if ((value as { version?: unknown }).version !== 1 || typeof files !== 'object' || files === null || Array.isArray(files)) return false;
  return Object.values(files).every((f) => Array.isArray((f as AllowedFile | null)?.commands) && (f as AllowedFile).commands.every((c) => typeof c?.setting === 'string' && typeof c.sha256 === 'string'));
}

/**
 * The state as recorded, with `problem` when the file exists but cannot be used (unreadable, not
 * the state's shape, or another user's or anyone's to write: a planted file consents to nothing).
 * A missing file is an empty state.
 */
export async function readAllowedCommands(env: Record<string, string | undefined>): Promise<{ state: AllowedCommands; problem?: string }> {
  const path = allowedCommandsPath(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: emptyState() };
    return { state: emptyState(), problem: `${path} cannot be read (${(error as Error).message})` };
  }
  const distrust = distrustOf(path);
  if (distrust) return { state: emptyState(), problem: `${path} ${distrust.kind === 'owner' ? `belongs to another user (uid ${distrust.owner})` : 'may be written by every user'}, so it consents to nothing` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { state: emptyState(), problem: `${path} is not valid JSON` };
  }
  return isState(parsed) ? { state: parsed } : { state: emptyState(), problem: `${path} is not a state file of this xborder` };
}

/** The commands of `commands` that `state` does not allow from the config file at real path `realFile`. */
export function notAllowed(state: AllowedCommands, realFile: string, commands: ConfigCommand[]): ConfigCommand[] {
  const allowed = Object.hasOwn(state.files, realFile) ? state.files[realFile]!.commands : [];
  return commands.filter((c) => !allowed.some((a) => a.setting === c.setting && a.sha256 === commandDigest(c)));
}

/**
 * Records that the user allows `commands` from the config file at real path `realFile`, beside what
 * was allowed from it before (a file of many merchants may set one command per merchant; a changed
 * command has another digest and needs its own allow). Written through
 * the one writer (whole or not at all, 0600, never through a link), in a folder made 0700. Returns
 * the state file's path. A state file that cannot be used is an InputError naming it (exit 2).
 */
export async function recordAllowedCommands(realFile: string, commands: ConfigCommand[], env: Record<string, string | undefined>, now = new Date()): Promise<string> {
  const { state, problem } = await readAllowedCommands(env);
  if (problem) throw new InputError(`Cannot record the allowance: ${problem}. Remove it (it only holds what you allowed) and allow again.`);
  const allowed = commands.map((c) => ({ setting: c.setting, sha256: commandDigest(c) }));
  const kept = (Object.hasOwn(state.files, realFile) ? state.files[realFile]!.commands : []).filter((a) => !allowed.some((c) => c.setting === a.setting && c.sha256 === a.sha256));
  state.files[realFile] = { commands: [...kept, ...allowed], allowedAt: now.toISOString() };
  const dir = stateDirectory(env);
  const path = join(dir, ALLOWED_COMMANDS_FILE);
  try {
    await makeUserDir(dir, { mode: PRIVATE_DIR_MODE });
    await writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
  } catch (error) {
    throw new InputError(`Cannot record the allowance in ${path}: ${writeFailure(error)}.`, path);
  }
  return path;
}

/** What happens to the commands not yet allowed: they run, the user is asked, or they are skipped. */
export type ConsentDecision = { kind: 'run' } | { kind: 'ask'; missing: ConfigCommand[] } | { kind: 'skip'; missing: ConfigCommand[] };

/**
 * The decision for a run: every command allowed (recorded, or for this run by `--allow-commands` /
 * `XBORDER_ALLOW_COMMANDS`) runs; otherwise, in a terminal the user is asked once, and without one
 * the commands not allowed are skipped.
 */
export function consentDecision(input: { missing: ConfigCommand[]; allowedForRun: boolean; terminal: boolean }): ConsentDecision {
  if (input.allowedForRun || input.missing.length === 0) return { kind: 'run' };
  return input.terminal ? { kind: 'ask', missing: input.missing } : { kind: 'skip', missing: input.missing };
}

/**
 * `xborder wizard` (and a bare `xborder` in a terminal): wires the wizard's flow to the terminal
 * and to the commands' own actions. Every run goes through the same config loading as a command:
 * the answers are written, secrets as `${NAME}` references, to a private temporary config file, and
 * the typed secrets are put in this process's environment for the duration of the run only.
 */
import { existsSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { ConfigError, InputError, UsageError } from '../../errors.js';
import { DEFAULT_CONFIG_FILE, defaultConfig, loadConfig } from '../../config/load.js';
import { discoverConfigFile } from '../../config/discover.js';
import { ensureRunFoldersIgnored } from '../../config/ignore-run-folders.js';
import { ignoreMessage } from './init.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { readJsonFile } from '../../io/parse-json.js';
import { makePrivateTempDir } from '../../io/safe-dir.js';
import { writeFailure } from '../../io/write-errors.js';
import type { XborderConfig } from '../../model.js';
import type { Redactor } from '../../redact/redactor.js';
import { draftEnv, newDraft, renderDraft, type ConfigDoc, type Draft } from '../../wizard/draft.js';
import { runWizard, type WizardRunners } from '../../wizard/flow.js';
import { completeGiftCardQuery } from '../../wizard/gift-card-questions.js';
import { askPlatformBody } from '../../wizard/platform-body.js';
import type { Prompter } from '../../wizard/prompter.js';
import type { WizardContext } from '../../wizard/questions.js';
import type { GlobalOptions } from '../output.js';
import { canPrompt, createPrompter } from '../prompts.js';
import { openSession, sessionFor, warnDistrustedConfig } from '../session.js';
import { distrustMessage, distrustOf } from '../../config/ownership.js';

/** Runs the wizard; resolves with the exit code of the last task run. */
export async function run(_opts: unknown, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  if (!canPrompt(false)) {
    throw new UsageError('The wizard needs a terminal (stdin and stdout). Use the commands instead: xborder --help.');
  }
  // No secrets known yet (each typed one is added as it is typed); --show-secrets is warned about.
  const { output, redactor } = sessionFor(globals, defaultConfig());
  const prompter = maskingPrompter(createPrompter(), redactor);
  const draft = await loadDraft(globals.config);
  const ctx: WizardContext = {
    prompter,
    output: { say: (text) => output.out(text) },
    env: process.env,
    draft,
    mode: 'missing',
    resolveConfig: (d) => resolveDraft(d),
  };
  output.out(
    `xborder wizard: asks only what ${draft.existed ? draft.file : 'the configuration'} does not settle. ` +
      'Ctrl-C quits at any time without writing anything.\n',
  );
  return runWizard(ctx, runners(globals, prompter));
}

/** Every secret typed is registered with the redactor the moment it is typed. */
function maskingPrompter(prompter: Prompter, redactor: Redactor): Prompter {
  return {
    ...prompter,
    secret: async (q) => {
      const value = await prompter.secret(q);
      if (value) redactor.add(value);
      return value;
    },
  };
}

/**
 * The config file as the draft's starting point (an empty one when there is none): the one a
 * command would use, `--config` or the one discovery finds (from a sub-folder, the project's), so
 * editing it starts from every answer it holds. A discovered file is held to the rules of discovery:
 * another user's, or one every user may write, is refused (named with --config, it is warned about).
 */
async function loadDraft(configFlag: string | undefined): Promise<Draft> {
  const discovered = configFlag ? undefined : discoverConfigFile(process.cwd());
  const file = configFlag ?? (discovered ? relative(process.cwd(), discovered) || DEFAULT_CONFIG_FILE : DEFAULT_CONFIG_FILE);
  const path = resolve(file);
  if (!existsSync(path)) {
    if (configFlag) throw new InputError(`Configuration file ${file} does not exist.`, file);
    return newDraft({}, file, false);
  }
  const distrust = distrustOf(path);
  if (distrust && !configFlag) throw new InputError(distrustMessage(file, distrust, false), file);
  if (distrust) warnDistrustedConfig(distrustMessage(file, distrust, true));
  const doc = await readJsonFile(path);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new InputError(`${file}: the configuration must be a JSON object.`, file);
  return newDraft(doc as ConfigDoc, file, true);
}

/** A private temporary copy of the draft (references, never secret values) for the config loader. */
async function withDraftFile<T>(draft: Draft, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await makePrivateTempDir('xborder-wizard-');
  const file = join(dir, 'xborder.config.json');
  // Ctrl-C during a run (not in a prompt), a kill or a closed terminal ends the process by signal:
  // remove the copy first, then end by the same signal, as the shell expects.
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = (signal: NodeJS.Signals) => {
    rmSync(dir, { recursive: true, force: true });
    for (const s of signals) process.off(s, onSignal);
    process.kill(process.pid, signal);
  };
  for (const s of signals) process.once(s, onSignal);
  try {
    await writeFileAtomic(file, renderDraft(draft));
    return await use(file);
  } finally {
    for (const s of signals) process.off(s, onSignal);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The draft as a loaded configuration, exactly as a command would load it. */
async function resolveDraft(draft: Draft): Promise<XborderConfig> {
  return withDraftFile(draft, async (file) => {
    try {
      return await loadConfig({ file, cwd: process.cwd(), env: draftEnv(draft, process.env) });
    } catch (error) {
      if (error instanceof ConfigError) throw new ConfigError(error.problems, `${draft.file} (with the wizard's answers)`);
      throw error;
    }
  });
}

/**
 * Runs `fn` with a command view whose `--config` is the draft's temporary copy and with the typed
 * secrets in the environment, so the action loads its config exactly as on the command line.
 */
async function withDraftRun(draft: Draft, globals: GlobalOptions, fn: (cmd: Command) => Promise<number>): Promise<number> {
  return withDraftFile(draft, async (file) => {
    const saved = new Map(Object.keys(draft.secrets).map((name) => [name, process.env[name]]));
    Object.assign(process.env, draft.secrets);
    try {
      return await fn(commandView({ ...globals, config: file, commandsOf: draft.file }));
    } catch (error) {
      if (error instanceof ConfigError) throw new ConfigError(error.problems, `${draft.file} (with the wizard's answers)`);
      throw error;
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
}

/** What an action reads from its Command: the global options. */
function commandView(globals: GlobalOptions): Command {
  return { optsWithGlobals: () => ({ ...globals }), opts: () => ({}) } as unknown as Command;
}

function runners(globals: GlobalOptions, prompter: Prompter): WizardRunners {
  return {
    checkMerchant: (draft, parts, sample) =>
      withDraftRun(draft, globals, async (cmd) => {
        const check = await import('./check.js');
        if (parts === 'cart') return check.runCart({}, cmd);
        if (parts === 'order') return check.runPostOrder({ sample }, cmd);
        return check.run({}, cmd);
      }),
    giftCard: (draft) =>
      withDraftRun(draft, globals, async (cmd) => {
        const { reportGiftCard } = await import('./gift-card-validate.js');
        const session = await openSession({}, cmd);
        return reportGiftCard(session, await completeGiftCardQuery({}, session.config, prompter));
      }),
    platformCall: (draft, target) =>
      withDraftRun(draft, globals, async (cmd) => {
        const { reportPlatformCall } = await import('./platform-call.js');
        const session = await openSession({}, cmd);
        const asked = await askPlatformBody(target, session.config, prompter, { say: (t) => session.output.out(t) });
        for (const secret of asked.secrets) session.redactor.add(secret);
        return reportPlatformCall(session, { target, body: asked.body });
      }),
    validateFile: async (file, kind) => {
      const { run } = await import('./validate.js');
      return run({ files: [file], ...(kind ? { as: kind } : {}) }, commandView(globals));
    },
    decodeFile: async (file, all) => {
      const { run } = await import('./decode.js');
      return run({ file, all }, commandView(globals));
    },
    // The shared writer: whole or not at all, created 0600 (it may hold secrets in clear), and never
    // through a link, which would overwrite the file it names with the answers. Then, as `init`
    // does, the run folders the file's runs make are kept out of commits.
    writeFile: async (file, text) => {
      try {
        await writeFileAtomic(resolve(file), text);
      } catch (error) {
        throw new InputError(`Cannot write ${file}: ${writeFailure(error)}.`, file);
      }
      const ignored = ignoreMessage(await ensureRunFoldersIgnored(dirname(resolve(file))), process.cwd());
      return ignored === undefined ? undefined : `${ignored}\n`;
    },
  };
}

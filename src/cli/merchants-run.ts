/**
 * `check` over merchants of the config's `merchants` list (`--merchants a,b`, `--all`,
 * `--merchant-index N`). One merchant is run and reported as `check` runs one (its run folder under
 * `.xborder/runs/<merchant>/`). Several run on this machine, at most `--parallel` at once, each with
 * the engine `check` uses and its own session (its config: the entry's keys over the top level's),
 * each saving its run folder; then one summary: a row per merchant with what changed since its
 * previous run, and one exit code, the worst of theirs.
 *
 * A merchant whose configuration cannot be used (an unset `${NAME}` of its entry) is not run, and
 * says why in its row; the others run. Its exit code, 2, counts as the worst after an interruption:
 * the list itself needs fixing before its verdicts can be complete.
 */
import type { Command } from 'commander';
import { setMaxListeners } from 'node:events';
import { join, relative, resolve } from 'node:path';
import { selectMerchants, type MerchantSelection } from '../config/merchants.js';
import { UsageError, XborderError } from '../errors.js';
import type { RunResult } from '../model.js';
import type { MerchantContext } from '../merchant/context.js';
import type { PlanParts } from '../merchant/plan.js';
import { changesSince } from '../diff/since.js';
import { closeAgents } from '../http/send.js';
import { runRedactor } from '../redact/run.js';
import { merchantResult, merchantsSummary, notRunResult, renderMerchantsJson, type MerchantResult, type MerchantsSummary } from '../report/merchants-summary.js';
import { renderMerchantsTable } from '../report/merchants-table.js';
import { renderMerchantsHtml } from '../report/merchants-html.js';
import type { JunitSuite } from '../report/junit.js';
import { terminalWidth } from '../report/width.js';
import { settleCommandConsent } from './command-consent.js';
import { INTERRUPTED_EXIT_CODE, watchInterrupt } from './interrupt.js';
import { INTERRUPT_GRACE_MS, runMerchantCommand, runMerchantSuite, saveRunIn, type MerchantRunOptions, type SuiteSharing } from './merchant-run.js';
import { createOutput, type GlobalOptions, type Output } from './output.js';
import { RUNS_DIR, runStamp } from './run-folder.js';
import { earlierRun } from './saved-runs.js';
import { openSession, type Session } from './session.js';
import { wholeNumberFlag } from './flag-numbers.js';
import { reportLink, writeSummaryFile } from './summary-files.js';

/** Options of a `check` that names merchants of the list. */
export interface MerchantsRunOptions extends MerchantRunOptions, MerchantSelection {
  /** `--parallel N`: merchants run at once (each with its own --concurrency requests in flight). */
  parallel?: string;
}

/** Merchants run at once by default: a few, so one machine's connections and CPU stay calm. */
export const DEFAULT_PARALLEL = 4;

/** A merchant's outcome: its summary row and, when --junit asked, its suite. */
interface Outcome {
  result: MerchantResult;
  suite?: JunitSuite;
}

/** Runs the merchants `opts` selects with the plan `choose` makes; returns the exit code. */
export async function runMerchantsCommand(opts: MerchantsRunOptions, cmd: Command, choose: (ctx: MerchantContext) => PlanParts): Promise<number> {
  const parallel = wholeNumberFlag('--parallel', opts.parallel, 1, 64, DEFAULT_PARALLEL);
  // The top level names the list (and says once which file is in force); it sends nothing itself.
  const top = await openSession(opts, cmd, { sendsNothing: true });
  const names = selectMerchants(opts, top.config.merchantNames ?? [], top.config.source);
  if (names.length === 1) return runMerchantCommand(opts, cmd, choose, { merchant: names[0]!, announce: false });
  if (opts.out !== undefined) throw new UsageError(`--out names one run's folder; ${names.length} merchants each save theirs under ${join(RUNS_DIR, '<merchant>')} (run from the folder they belong in).`);
  if (opts.lastFailed && opts.save === false) throw new UsageError('--last-failed reads each merchant\'s newest saved run; it cannot be combined with --no-save here.');

  // Every session first: a merchant whose config cannot be used is known (and not run) before any sends.
  const sessions: (Session | XborderError)[] = [];
  for (const name of names) sessions.push(await openSession(opts, cmd, { merchant: name, announce: false }).catch(keepXborderError));
  // Asked one merchant after the other: a question cannot be drawn by runs at once.
  for (const session of sessions) if (!(session instanceof XborderError)) await settleCommandConsent(session, opts.allowCommands);

  const globals = cmd.optsWithGlobals() as GlobalOptions;
  // The run redactor knows every merchant's secrets by now (each session's absorbed the one before).
  const output = createOutput({ globals, mask: (text) => runRedactor().text(text) });
  const interrupt = watchInterrupt((line) => output.err(line), INTERRUPT_GRACE_MS);
  // Each run in flight listens to the one signal: up to --parallel listeners is no leak.
  setMaxListeners(parallel + 10, interrupt.signal);
  const sharing: SuiteSharing = { interrupt };
  const outcomes: Outcome[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      outcomes[i] = await runOne(names[i]!, sessions[i]!, opts, choose, sharing);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallel, names.length) }, worker));
  } finally {
    interrupt.dispose();
    await closeAgents();
  }
  const summary = merchantsSummary(outcomes.map((o) => o.result));
  await report(summary, outcomes, opts, globals, output);
  return summary.exitCode;
}

/** An XborderError as a value (a merchant's config that cannot be used); anything else is thrown on. */
function keepXborderError(error: unknown): XborderError {
  if (error instanceof XborderError) return error;
  throw error;
}

/** A message of many lines (a ConfigError's list) on one line, for a summary row. */
function oneLine(message: string): string {
  return message.replace(/:\n\s*-\s*/, ': ').replace(/\n\s*-\s*/g, '; ').replace(/\s*\n\s*/g, ' ');
}

/** Runs one merchant and saves its run folder; its summary row (and suite). */
async function runOne(name: string, session: Session | XborderError, opts: MerchantsRunOptions, choose: (ctx: MerchantContext) => PlanParts, sharing: SuiteSharing): Promise<Outcome> {
  if (session instanceof XborderError) return { result: notRunResult(name, oneLine(session.message), session.exitCode) };
  if (sharing.interrupt.signal.aborted) return { result: notRunResult(name, 'interrupted before it started', INTERRUPTED_EXIT_CODE) };
  try {
    const run = await runMerchantSuite(session, opts, choose, sharing);
    const saved = opts.save === false ? undefined : await saveRunIn(session, run, { ...opts, title: 'check' });
    const cwd = process.cwd();
    // Compared with the run saved before this one (or, not saved, with the newest saved).
    const previous = await earlierRun(saved?.dir ?? join(resolve(cwd, RUNS_DIR), name, runStamp(new Date())));
    const result = merchantResult(name, run, { ...(saved ? { run: relative(cwd, saved.dir) } : {}), changes: changesSince(run, previous) });
    return { result, ...(opts.junit ? { suite: await suiteOf(result, session.redactor.json(run)) } : {}) };
  } catch (error) {
    return { result: notRunResult(name, oneLine(keepXborderError(error).message), (error as XborderError).exitCode) };
  }
}

/** The merchant's JUnit suite; the XML builder is loaded only when a run asks for JUnit (as merchant-run.ts does). */
async function suiteOf(result: MerchantResult, masked: RunResult | undefined): Promise<JunitSuite> {
  const { merchantSuite } = await import('../report/merchants-junit.js');
  return merchantSuite(result, masked);
}

/** Prints the summary (table or JSON) and writes the JUnit and HTML files. */
async function report(summary: MerchantsSummary, outcomes: Outcome[], opts: MerchantsRunOptions, globals: GlobalOptions, output: Output): Promise<void> {
  if (globals.json) output.out(renderMerchantsJson(summary));
  else output.out(renderMerchantsTable(summary, { width: terminalWidth(process.stdout, process.env), quiet: globals.quiet }));
  // Files are always masked (a reason a merchant was not run may quote its configuration); the
  // suites were made of masked runs. Masked as values, never as markup (a rule could eat markup).
  const masked = runRedactor().json(summary);
  if (opts.junit) {
    const { renderMerchantsJunit, merchantSuite } = await import('../report/merchants-junit.js');
    const suites = new Map(outcomes.map((o) => [o.result, o.suite]));
    const suiteAt = new Map(masked.merchants.map((r, i) => [r, suites.get(summary.merchants[i]!)]));
    await writeSummaryFile(opts.junit, 'JUnit report', renderMerchantsJunit(masked, (r) => suiteAt.get(r) ?? merchantSuite(r, undefined)));
  }
  if (opts.html) await writeSummaryFile(opts.html, 'HTML report', renderMerchantsHtml(masked, { generatedAt: new Date().toISOString(), reportOf: reportLink(opts.html) }));
}

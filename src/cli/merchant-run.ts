/**
 * The shared body of `check`, `check-cart` and `post-order`: build the plan, run it with progress
 * on a TTY, render the chosen reports, and return the exit code.
 */
import { githubAnnotations, renderGithubSummary } from '../report/github.js';
import { renderHtml } from '../report/html.js';
import { relative } from 'node:path';
import { saveRunFolder } from './run-folder.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { appendFileNoFollow } from '../io/append-file.js';
import { writeFailure } from '../io/write-errors.js';
import type { Command } from 'commander';
import { UsageError, InputError } from '../errors.js';
import type { AuthConfig, CaseResult, MerchantStop, RunResult } from '../model.js';
import { orderIdFactory, type MerchantContext } from '../merchant/context.js';
import { merchantPlan, type PlanParts } from '../merchant/plan.js';
import { CredentialProbes } from '../merchant/credential-probe.js';
import { sampleValuesWarning, WatchedAnswers } from '../merchant/sample-values.js';
import { cartSourceOf } from '../merchant/cart-source.js';
import { secretRefs } from '../merchant/secret-refs.js';
import { reproduceScript } from '../http/reproduce.js';
import { applySelection, parseSelection } from '../checks/selection.js';
import { allChecks } from '../checks/registry.js';
import { caseKey, runPlanOutcome, type InFlight, type Task } from '../engine/run-plan.js';
import { INTERRUPTED_EXIT_CODE, watchInterrupt, type InterruptWatch } from './interrupt.js';
import { lastFailed } from './saved-runs.js';
import { toRunResult, exitCodeOf } from '../report/summary.js';
import { renderTable } from '../report/table.js';
import { escapeControls } from '../report/terminal-text.js';
import { terminalWidth } from '../report/width.js';
import { renderJson } from '../report/json.js';
import { closeAgents } from '../http/send.js';
import { stopSending } from '../http/stop.js';
import { openSession, warnTransport, type Session, type SessionNeeds } from './session.js';
import { progressIntervalFromEnv, startProgress } from './progress.js';
import { RequestLedger } from '../http/ledger.js';
import { MerchantLiveness, stopLine } from '../merchant/liveness.js';
import { wireCartFailures } from '../merchant/cart-failures.js';
import { interruptedCases } from '../merchant/interrupted-cases.js';
import { settleCommandConsent } from './command-consent.js';

/** Options every merchant command understands. */
export interface MerchantRunOptions {
  strict?: boolean;
  junit?: string;
  auth?: string;
  concurrency?: string;
  checks?: string;
  excludeChecks?: string;
  /** `--out DIR`: where to save the run folder. */
  out?: string;
  /** false with `--no-save`. */
  save?: boolean;
  /** Only the cases that failed or errored in the newest saved run. */
  lastFailed?: boolean;
  /** The GitHub Actions summary and annotations, also outside GitHub Actions. */
  github?: boolean;
  /** `--html FILE`: the self-contained HTML report. */
  html?: string;
  /** What the run was (`check`, `demo`...), for report titles. */
  title?: string;
  [flag: string]: unknown;
}

/**
 * Runs the merchant suite parts that `choose` picks, and reports. Returns the exit code. `needs`
 * names the entry of the config's `merchants` to run, when one is.
 */
export async function runMerchantCommand(opts: MerchantRunOptions, cmd: Command, choose: (ctx: MerchantContext) => PlanParts, needs: SessionNeeds = {}): Promise<number> {
  const session = await openSession(opts, cmd, needs);
  const run = await runMerchantSuite(session, opts, choose);
  const shown = opts.save === false ? run : await saveRun(session, run, { ...opts, title: commandName(cmd) });
  await writeReports(session, shown, opts.junit, opts.html);
  await writeGithub(session, shown, commandName(cmd), opts);
  return runExitCode(run);
}

/** The exit code of a run: 130 when it was interrupted (its reports are partial), else by its verdicts. */
export function runExitCode(run: RunResult): number {
  return run.partial ? INTERRUPTED_EXIT_CODE : exitCodeOf(run.summary);
}

/**
 * Under GitHub Actions (GITHUB_ACTIONS=true) or with --github: the job summary appended to
 * GITHUB_STEP_SUMMARY (when set) and one annotation per failed check, on stdout unless --json
 * owns stdout (then stderr, which the runner reads too).
 */
export async function writeGithub(session: Session, run: RunResult, command: string, opts: { github?: boolean }): Promise<void> {
  if (!opts.github && process.env.GITHUB_ACTIONS !== 'true') return;
  const masked = session.redactor.json(run);
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (file) {
    try {
      // Appended in place (the runner's file holds the other steps' summaries), never through a link.
      await appendFileNoFollow(file, renderGithubSummary(masked, command));
    } catch (error) {
      throw new InputError(`Cannot append the job summary to GITHUB_STEP_SUMMARY (${file}): ${writeFailure(error)}.`, file);
    }
  }
  const lines = githubAnnotations(masked).map((l) => `${l}\n`).join('');
  if (lines && session.globals.json) session.output.err(lines);
  else if (lines) session.output.out(lines);
}

/**
 * Saves the run folder (always masked, --show-secrets or not) and says where on stderr. Returns the
 * run with each failed case's script path, which the table shows in place of the curl.
 */
export async function saveRun(session: Session, run: RunResult, opts: MerchantRunOptions): Promise<RunResult> {
  return (await saveRunIn(session, run, opts)).run;
}

/** saveRun, also telling the folder (a command that saves more files beside the run's). */
export async function saveRunIn(session: Session, run: RunResult, opts: MerchantRunOptions): Promise<{ run: RunResult; dir: string }> {
  const masked = session.redactor.json(run);
  const html = renderHtml(masked, { title: `xborder ${opts.title ?? 'run'}`, generatedAt: new Date().toISOString() });
  const saved = await saveRunFolder(masked, { cwd: process.cwd(), out: opts.out, html, ...(opts.junit ? { junit: await junitXml(masked) } : {}) });
  if (!session.globals.json && !session.globals.quiet) session.output.err(`Run saved to ${relative(process.cwd(), saved.dir) || '.'}\n`);
  return { dir: saved.dir, run: { ...run, cases: run.cases.map((c, i) => (saved.run.cases[i]?.reproducePath ? { ...c, reproducePath: saved.run.cases[i]!.reproducePath } : c)) } };
}

/**
 * A suite run beside others in one process (`check --all`): the batch owns what a process has once.
 * It watches Ctrl-C for every run (`interrupt`), settles consent to the config's commands before any
 * run starts (a question cannot be asked from runs at once), draws the progress, and closes the
 * connection pools when the last run is done (a run closing them would cut the others' requests).
 */
export interface SuiteSharing {
  interrupt: Pick<InterruptWatch, 'signal' | 'received'>;
}

/** Runs the suite for an open session and returns the result (no reporting). */
export async function runMerchantSuite(session: Session, opts: MerchantRunOptions, choose: (ctx: MerchantContext) => PlanParts, sharing?: SuiteSharing): Promise<RunResult> {
  const { config } = session;
  if (!config.merchant.baseUrl) {
    throw new UsageError('No merchant URL: set merchant.baseUrl in xborder.config.json, XBORDER_MERCHANT_URL, or --merchant-url. (`xborder demo` runs against the built-in reference merchant.)');
  }
  const concurrency = opts.concurrency === undefined ? 4 : Number(opts.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError(`--concurrency: expected a whole number from 1 to 64, got ${JSON.stringify(opts.concurrency)}.`);
  warnTransport(session, [config.merchant.baseUrl]);
  // Before the cart source is made: a command of the config file the user did not allow is marked
  // here, and the cases that need its carts are skipped (cart-failures.ts).
  if (!sharing) await settleCommandConsent(session, opts.allowCommands);
  // A secret equal to a check id must not turn the check column into `****`.
  session.redactor.addOwnWords(allChecks().map((c) => c.id));
  const ctx = merchantContextFor(session, opts);
  const parts = choose(ctx);
  for (const notice of parts.notices ?? []) session.output.err(`${notice}\n`);
  const rerun = opts.lastFailed ? await lastFailed(process.cwd(), config.merchantName) : undefined;
  if (rerun) session.output.err(`--last-failed: ${rerun.keys.size} case${rerun.keys.size === 1 ? '' : 's'} failed or errored in run ${escapeControls(rerun.run.name)}${rerun.keys.size ? '; running only those' : ': nothing to run'}\n`);
  const probes = new CredentialProbes(config);
  const planned = merchantPlan(ctx, parts, probes);
  const tasks = rerun ? planned.filter((t) => t.keys?.some((k) => rerun.keys.has(k))) : planned;
  // A merchant that stops answering stops the run's sending, not the run (liveness.ts); a cart
  // command that fails once cases were judged errors only the cases that needed the cart.
  const liveness = new MerchantLiveness(config);
  liveness.wire(tasks);
  wireCartFailures(config, tasks);
  const ledger = new RequestLedger(liveness.observe);
  const inFlight = new Set<InFlight>();
  // stderr only, so even with --json the progress line never mixes into the report.
  const progress = startProgress(session.output, tasks.length, { enabled: !sharing, inFlight, ledger, timeoutMs: config.http.timeoutMs, intervalMs: progressIntervalFromEnv() });
  const interrupt = sharing ? { ...sharing.interrupt, dispose: () => undefined } : watchRunInterrupt(session, progress);
  try {
    const started = performance.now();
    const outcome = await runPlanOutcome(tasks, { concurrency, onProgress: progress.update, signal: interrupt.signal, graceMs: INTERRUPT_GRACE_MS, inFlight, ledger });
    progress.stop();
    // The grace period is over: what is still in flight is abandoned (its agents are destroyed below)
    // and nothing may start a request again. Those requests are what the user waited on: each is a case.
    const cutOff = outcome.interrupted ? interruptedCases(ctx, ledger.inFlight()) : [];
    if (outcome.interrupted) stopSending();
    const blamed = liveness.blame([...outcome.cases, ...cutOff]);
    const { cases } = blamed;
    // For `npm run bench`: the time of the requests alone, without process start-up.
    if (process.env.XBORDER_TIMING) session.output.err(`xborder-timing: ${JSON.stringify({ tasks: tasks.length, cases: cases.length, ms: performance.now() - started })}\n`);
    // A task may report more cases than the ones asked for again (a sequence): only those are shown.
    const kept = rerun ? cases.filter((c) => rerun.keys.has(caseKey(c.endpoint, c.variant, c.authMode))) : cases;
    const run = toRunResult(applySelection(kept, ctx.selection));
    const refused = probes.refusals();
    if (blamed.stop) run.stopped = blamed.stop;
    const headlines = [...(blamed.stop ? [stopHeadline(blamed.stop)] : []), ...refused];
    if (headlines.length > 0) run.notices = headlines;
    if (probes.refusedAll(ctx.modes)) run.credentialsRefused = true;
    if (config.merchantName !== undefined) run.merchant = config.merchantName;
    run.authModes = ctx.modes.map((m) => m.mode);
    const sample = ctx.endpoints instanceof WatchedAnswers ? sampleValuesWarning(config, ctx.endpoints) : undefined;
    if (sample) session.output.warn(sample);
    if (outcome.interrupted) {
      // Planned cases: what the unfinished tasks would have reported, at least one each.
      const unfinished = tasks.length - outcome.interrupted.tasksDone;
      run.partial = { signal: interrupt.received() ?? 'SIGINT', casesDone: run.cases.length, casesPlanned: run.cases.length + unfinishedCases(tasks, cases, unfinished) };
    }
    return run;
  } finally {
    interrupt.dispose();
    progress.stop();
    if (!sharing) await closeAgents();
  }
}

/** Ctrl-C for a run alone in its process: the progress line makes way for what happens next. */
function watchRunInterrupt(session: Session, progress: { stop(): void }): InterruptWatch {
  return watchInterrupt((line) => {
    progress.stop();
    session.output.err(line);
  }, INTERRUPT_GRACE_MS);
}

/** How long requests in flight may finish after Ctrl-C before the finished cases are reported. */
export const INTERRUPT_GRACE_MS = 3000;

/** The report's headline for a merchant that stopped answering: what happened and what it means for the verdicts. */
function stopHeadline(stop: MerchantStop): string {
  const line = stopLine(stop);
  const sentence = `${line[0]!.toUpperCase()}${line.slice(1)}`;
  const notSent = stop.notSent > 0 ? ` ${stop.notSent} case${stop.notSent === 1 ? ' was' : 's were'} not sent.` : '';
  const blamed = stop.crashedUnder?.length ? ` It went down under ${stop.crashedUnder.join(', ')}, which failed.` : '';
  return stop.answeredBefore === 0 ? `${sentence}${notSent}` : `${sentence}.${blamed} Every verdict before it is kept.${notSent}`;
}

/** The cases the unfinished tasks would have reported: their keys not among the finished cases, at least one a task. */
function unfinishedCases(tasks: Task[], finished: CaseResult[], unfinishedTasks: number): number {
  const seen = new Set(finished.map((c) => caseKey(c.endpoint, c.variant, c.authMode)));
  const missing = new Set(tasks.flatMap((t) => t.keys ?? []).filter((k) => !seen.has(k)));
  return Math.max(missing.size, unfinishedTasks);
}

/** The context merchant cases run in, for an open session and the command's options. */
export function merchantContextFor(session: Session, opts: MerchantRunOptions): MerchantContext {
  const { config } = session;
  const refs = secretRefs(config);
  return {
    config,
    modes: selectAuthModes(config.auth, opts.auth),
    strict: Boolean(opts.strict),
    verbose: Boolean(session.globals.verbose),
    mask: (s) => session.output.mask(s),
    reproduce: (request, title) => reproduceScript(request, { title, refs, mask: (s) => session.output.mask(s) }),
    noteSecrets: (payload) => session.redactor.addFromJson(payload),
    newOrderId: orderIdFactory(config.merchant.countryCode),
    carts: cartSourceOf(config),
    urlParametersByOrder: new Map(),
    selection: parseSelection(opts.checks, opts.excludeChecks),
    // Watched for the reference merchant's mark: sample values sent elsewhere are warned about.
    endpoints: new WatchedAnswers(),
  };
}

/**
 * The JUnit XML of a run. Its XML builder (fast-xml-parser and its dependencies) is loaded only when
 * a run asks for JUnit: loading it cost every merchant command about 35 ms of start-up.
 */
async function junitXml(run: RunResult): Promise<string> {
  const { renderJunit } = await import('../report/junit.js');
  return renderJunit(run);
}

/** Prints the table or JSON report and writes the JUnit and HTML files, all masked. */
export async function writeReports(session: Session, run: RunResult, junitFile?: string, htmlFile?: string): Promise<void> {
  const masked = session.globals.showSecrets ? run : session.redactor.json(run);
  if (session.globals.json) session.output.out(renderJson(masked));
  else session.output.out(renderTable(masked, { color: session.output.color, verbose: session.globals.verbose, quiet: session.globals.quiet, width: terminalWidth(process.stdout, process.env) }));
  if (junitFile) {
    try {
      // Every string of `masked` is masked already; masking the XML text again would let a
      // free-text rule (a header value runs to the quote, and XML writes quotes as &apos;) eat markup.
      // Written whole or not at all: a full disk never leaves a truncated report for CI to parse.
      await writeFileAtomic(junitFile, await junitXml(masked));
    } catch (error) {
      throw new InputError(`Cannot write the JUnit report to ${junitFile}: ${writeFailure(error)}.`, junitFile);
    }
  }
  if (htmlFile) {
    try {
      // Always masked: an HTML report is made to be attached to a ticket.
      await writeFileAtomic(htmlFile, renderHtml(session.redactor.json(run), { title: 'xborder report', generatedAt: new Date().toISOString() }));
    } catch (error) {
      throw new InputError(`Cannot write the HTML report to ${htmlFile}: ${writeFailure(error)}.`, htmlFile);
    }
  }
}

/** Keeps only the modes named by --auth (comma list); every name must be configured. */
export function selectAuthModes(modes: AuthConfig[], filter: string | undefined): AuthConfig[] {
  if (filter === undefined) return modes;
  const wanted = filter.split(',').map((m) => m.trim()).filter(Boolean);
  if (wanted.length === 0) throw new UsageError(`--auth: name at least one configured mode (${modes.map((m) => m.mode).join(', ')}).`);
  const unknown = wanted.filter((w) => !modes.some((m) => m.mode === w));
  if (unknown.length) throw new UsageError(`--auth: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not configured; configured modes: ${modes.map((m) => m.mode).join(', ')}.`);
  return modes.filter((m) => wanted.includes(m.mode));
}

/** The command's name for report titles; the wizard runs these commands through a stand-in without one. */
function commandName(cmd: Command): string {
  return typeof cmd.name === 'function' ? cmd.name() : 'check';
}

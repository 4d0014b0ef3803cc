/** `xborder fuzz`: property-based conformance with generated orders or cart requests. */
import type { Command } from 'commander';
import { randomInt } from 'node:crypto';
import { relative } from 'node:path';
import { UsageError } from '../../errors.js';
import { wholeNumberFlag } from '../flag-numbers.js';
import { parseDurationMs } from '../../config/units.js';
import type { RunResult } from '../../model.js';
import type { MerchantContext } from '../../merchant/context.js';
import { toRunResult, exitCodeOf } from '../../report/summary.js';
import { escapeControls } from '../../report/terminal-text.js';
import { applySelection } from '../../checks/selection.js';
import { closeAgents } from '../../http/send.js';
import { fuzzCases, type FuzzCase } from '../../fuzz/fuzz-case.js';
import { sendFuzzCase, type FuzzRunState } from '../../fuzz/send-case.js';
import { cartInputs, sendCartInput, type CartInput } from '../../fuzz/cart-fuzz.js';
import { runProperty, type Judged, type PropertyBudget, type PropertyOutcome } from '../../fuzz/property-run.js';
import { FuzzTally } from '../../fuzz/tally.js';
import { fuzzReportCases } from '../../fuzz/report.js';
import { saveFuzzFinding } from '../../fuzz/save.js';
import { cartReduceRules, orderReduceRules } from '../../fuzz/reduce-rules.js';
import { isValidPlan } from '../../fuzz/valid-plan.js';
import { ruleLabel } from '../../fuzz/invalid.js';
import { openSession, warnTransport, type Session } from '../session.js';
import { merchantContextFor, saveRunIn, writeGithub, writeReports, type MerchantRunOptions } from '../merchant-run.js';
import { settleCommandConsent } from '../command-consent.js';
import { startProgress } from '../progress.js';

/** Options of `fuzz`. */
export interface FuzzOptions extends MerchantRunOptions {
  endpoint?: 'order' | 'cart';
  runs?: string;
  seed?: string;
  time?: string;
  /** `--save DIR` (the run folder when not given). */
  saveDir?: string;
  shrinkRequests?: string;
  shrinkTime?: string;
}


function duration(flag: string, raw: string | undefined, fallback: number | undefined): number | undefined {
  if (raw === undefined) return fallback;
  const ms = parseDurationMs(raw);
  if (ms === undefined || ms <= 0 || ms > 2 ** 31 - 1) throw new UsageError(`${flag}: expected a duration such as 30s, 5m or 1500ms, got ${JSON.stringify(raw)}.`);
  return ms;
}

/**
 * Requests in flight while generating (--concurrency; default 8): generating and judging one order
 * costs about what the merchant spends on it, so more in flight keeps both busy.
 */
function concurrencyOf(opts: FuzzOptions): number {
  return wholeNumberFlag('--concurrency', opts.concurrency as string | undefined, 1, 64, 8);
}

/** The budget the flags ask for. */
function budgetOf(opts: FuzzOptions): PropertyBudget {
  return {
    seed: wholeNumberFlag('--seed', opts.seed, -(2 ** 31), 2 ** 31 - 1, randomInt(0, 2 ** 31 - 1)),
    runs: wholeNumberFlag('--runs', opts.runs, 1, 1_000_000, 100),
    timeMs: duration('--time', opts.time, undefined),
    shrinkRequests: wholeNumberFlag('--shrink-requests', opts.shrinkRequests, 0, 100_000, 1000),
    shrinkTimeMs: duration('--shrink-time', opts.shrinkTime, 60_000)!,
  };
}

/** The command line that generates the same inputs again. */
function replayCommand(opts: FuzzOptions, budget: PropertyBudget): string {
  const parts = ['xborder fuzz', `--endpoint ${opts.endpoint ?? 'order'}`, `--runs ${budget.runs}`, `--seed ${budget.seed}`];
  if (opts.time) parts.push(`--time ${opts.time}`);
  if (typeof opts.config === 'string') parts.push(`--config ${opts.config}`);
  return parts.join(' ');
}

/** `xborder fuzz`. */
export async function run(opts: FuzzOptions, cmd: Command): Promise<number> {
  // commander gives `--save DIR` and `--no-save` one key: a string is the directory.
  const saveDir = typeof opts.save === 'string' ? opts.save : undefined;
  const budget = budgetOf(opts);
  const concurrency = concurrencyOf(opts);
  const session = await openSession(opts, cmd);
  if (!session.config.merchant.baseUrl) throw new UsageError('No merchant URL: set merchant.baseUrl in xborder.config.json, XBORDER_MERCHANT_URL, or --merchant-url.');
  warnTransport(session, [session.config.merchant.baseUrl]);
  await settleCommandConsent(session, opts.allowCommands, 'generated orders are sent on carts the merchant never issued (their refusals are skipped)');
  // A generated order cannot be skipped alone: without its command the run fuzzes as a config
  // without real carts does, where a refusal on such a cart is skipped, never failed.
  if (session.config.merchant.newCart?.notAllowed !== undefined) delete session.config.merchant.newCart;
  const ctx = merchantContextFor(session, opts);
  const replay = replayCommand(opts, budget);
  session.output.err(`Seed ${budget.seed}: replay the whole run with \`${replay}\`\n`);
  const progress = startProgress(session.output, budget.runs);
  let outcome: PropertyOutcome<FuzzCase> | PropertyOutcome<CartInput>;
  let cases;
  try {
    if (opts.endpoint === 'cart') {
      const tally = new FuzzTally<CartInput>([{ variant: 'generated cart requests', noun: 'cart requests', member: () => true }]);
      const judge = { judge: (input: CartInput, n: number, shrinking: boolean) => sendCartInput(ctx, input, shrinking ? `generated cart request (shrinking run ${n})` : `generated cart request ${n}`), reduceRules: cartReduceRules, onJudged: (j: Judged<CartInput>) => tally.add(j) };
      const o = await runProperty(cartInputs(ctx.modes.length), judge, budget, (done) => progress.update({ done, total: budget.runs, label: 'cart requests' }), concurrency);
      outcome = o;
      cases = fuzzReportCases(o, tally, () => 'cart request', budget);
    } else {
      const state: FuzzRunState = { acceptedOnSynthetic: false };
      const currency = ctx.config.merchant.currencyCode.toUpperCase();
      const tally = new FuzzTally<FuzzCase>([
        { variant: 'generated valid orders', noun: 'orders', member: (c) => c.broken === null },
        { variant: 'generated invalid orders (each must be refused)', noun: 'orders', member: (c) => c.broken !== null },
      ]);
      const judge = { judge: (c: FuzzCase, n: number, shrinking: boolean) => judgeOrder(ctx, c, n, shrinking, state), reduceRules: orderReduceRules(currency), sendable: (c: FuzzCase) => isValidPlan(c, ctx), onJudged: (j: Judged<FuzzCase>) => tally.add(j) };
      const o = await runProperty(fuzzCases({ merchantCurrency: currency, modes: ctx.modes.length }), judge, budget, (done) => progress.update({ done, total: budget.runs, label: 'orders' }), concurrency);
      outcome = o;
      cases = fuzzReportCases(o, tally, (c) => (c.broken ? `invalid order (${ruleLabel(c.broken)})` : 'order'), budget);
    }
  } finally {
    progress.stop();
    await closeAgents();
  }
  const runResult = toRunResult(applySelection(cases, ctx.selection));
  session.output.err(`${describeRuns(outcome, budget)}\n`);
  // For `npm run bench`: generation and shrinking times alone, without process start-up.
  if (process.env.XBORDER_TIMING) session.output.err(`xborder-timing: ${JSON.stringify({ runs: outcome.runsMade, ms: outcome.generationMs, shrinkMs: outcome.failure?.shrinkMs ?? 0, shrinkSteps: outcome.failure?.shrinkSteps ?? 0 })}\n`);
  const shown = await saveAll(session, runResult, opts, saveDir, outcome, budget, replay);
  await writeReports(session, shown, opts.junit, opts.html);
  if (outcome.failure && !session.globals.json) printMinimal(session, outcome);
  await writeGithub(session, shown, 'fuzz', opts);
  return exitCodeOf(runResult.summary);
}

async function judgeOrder(ctx: MerchantContext, c: FuzzCase, n: number, shrinking: boolean, state: FuzzRunState) {
  const sent = await sendFuzzCase(ctx, c, shrinking ? `generated order (shrinking run ${n})` : `generated order ${n}`, state);
  return { value: c, sent: sent.order, cases: sent.cases, failing: sent.failing, skipped: sent.skipped, status: sent.cases[sent.cases.length - 1]?.response?.status };
}

/** "100 runs in 3.2 s (31/s)", with what stopped it and what was skipped. */
function describeRuns(outcome: PropertyOutcome<unknown>, budget: PropertyBudget): string {
  const seconds = outcome.generationMs / 1000;
  const parts = [`${outcome.runsMade} run${outcome.runsMade === 1 ? '' : 's'} in ${seconds.toFixed(1)} s (${Math.round(outcome.runsMade / Math.max(seconds, 0.001))}/s)`];
  if (outcome.timedOut) parts.push(`--time stopped generating after ${outcome.runsMade} of ${budget.runs} runs`);
  if (outcome.skipped > 0) parts.push(`${outcome.skipped} refused on a synthetic cart and skipped: give xborder real carts with merchant.carts or merchant.newCart`);
  const f = outcome.failure;
  if (outcome.otherFailures > 0) parts.push(`${outcome.otherFailures} more run${outcome.otherFailures === 1 ? '' : 's'} in flight failed too (run the seed again once the first is fixed)`);
  if (f) parts.push(`${f.checkId} failed at run ${f.run}; shrunk in ${f.shrinkSteps} requests (${f.shrinkSmaller} smaller) and ${(f.shrinkMs / 1000).toFixed(1)} s, budget ${budget.shrinkRequests} requests and ${Math.round(budget.shrinkTimeMs / 1000)} s${f.budgetExhausted ? ' (used up: the order may shrink further with a larger budget)' : ''}`);
  return parts.join('; ');
}

/** The run folder (unless --no-save) and the findings with seed.txt (in --save DIR, or the run folder). */
async function saveAll(session: Session, run: RunResult, opts: FuzzOptions, saveDir: string | undefined, outcome: PropertyOutcome<FuzzCase> | PropertyOutcome<CartInput>, budget: PropertyBudget, replay: string): Promise<RunResult> {
  let shown = run;
  let dir = saveDir;
  if (opts.save !== false) {
    const saved = await saveRunIn(session, run, { ...opts, title: 'fuzz' });
    shown = saved.run;
    dir ??= saved.dir;
  }
  if (!dir) return shown;
  const f = outcome.failure;
  const seedText = `seed ${budget.seed}\nruns ${budget.runs} (made ${outcome.runsMade})\nreplay: ${replay}\n${f ? `found: ${f.checkId} at run ${f.run}, shrunk in ${f.shrinkSteps} requests\n` : 'found: nothing\n'}`;
  const finding = f ? { checkId: f.checkId, suffix: opts.endpoint === 'cart' ? ('cart-request' as const) : ('order' as const), payload: session.redactor.json(f.minimal.sent) } : undefined;
  const file = await saveFuzzFinding(dir, finding, seedText);
  if (file && !session.globals.json) session.output.err(`Minimal failing ${finding!.suffix === 'order' ? 'order' : 'cart request'} saved to ${relative(process.cwd(), file)}${finding!.suffix === 'order' ? ` (reproduce: xborder post-order --file ${relative(process.cwd(), file)})` : ''}\n`);
  return shown;
}

/** The minimal failing input and its finding, after the table. */
function printMinimal(session: Session, outcome: PropertyOutcome<unknown>): void {
  const f = outcome.failure!;
  const finding = f.minimal.failing.find((c) => c.id === f.checkId)?.findings[0];
  session.output.out(`\nMinimal failing input (${f.checkId}${finding ? `: ${escapeControls(finding.message)}` : ''}):\n${JSON.stringify(session.redactor.json(f.minimal.sent), null, 2)}\n`);
}

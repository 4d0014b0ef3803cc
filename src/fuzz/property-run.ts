/**
 * Runs a property over generated cases with fast-check: each case is sent and judged; the first
 * that fails is shrunk, each shrink step sent again, within a budget of requests and time. Only a
 * step failing the same check as the first failure counts as still failing, so shrinking keeps to
 * one finding instead of wandering to another.
 */
import fc from 'fast-check';
import type { CaseResult, CheckResult } from '../model.js';
import { reduce, type ReduceRules } from './reduce.js';

/** What judging one generated value came to. */
export interface Judged<T> {
  value: T;
  /** The sent payload, as the merchant received it (the order, or the cart request's parameters). */
  sent: unknown;
  cases: CaseResult[];
  failing: CheckResult[];
  skipped: boolean;
  /** The HTTP status of the answer judged (the last case's), when there was one. */
  status?: number;
}

/** Limits of a property run. */
export interface PropertyBudget {
  seed: number;
  runs: number;
  /** Stop generating new cases after this long (ms); undefined: no limit. */
  timeMs?: number;
  /** Requests (shrink steps) the shrinking may send. */
  shrinkRequests: number;
  /** Time the shrinking may take (ms). */
  shrinkTimeMs: number;
}

/** A failure: the first case found and the smallest one that still fails the same way. */
export interface PropertyFailure<T> {
  /** 1-based run at which it was found. */
  run: number;
  first: Judged<T>;
  minimal: Judged<T>;
  /** The check the failure is about (the first failing check of the first case). */
  checkId: string;
  /** The class of the first failing answer's status (5 for a 5xx; undefined: no answer). */
  statusClass?: number;
  shrinkSteps: number;
  /** Shrink steps that still failed (each made the counterexample smaller). */
  shrinkSmaller: number;
  shrinkMs: number;
  /** True when the budget ran out before shrinking was done. */
  budgetExhausted: boolean;
}

/** What a property run came to. */
export interface PropertyOutcome<T> {
  runsMade: number;
  /** Runs whose case could not be judged (skipped). */
  skipped: number;

  failure?: PropertyFailure<T>;
  /** Runs that failed too, in flight while the first failure was found: neither shrunk nor reported. */
  otherFailures: number;
  /** True when `timeMs` stopped the generation before `runs`. */
  timedOut: boolean;
  /** Time spent generating and sending (up to the first failure; shrinking not included). */
  generationMs: number;
  durationMs: number;
}

/** How the run judges values and shrinks a failing one. */
export interface PropertyJudge<T> {
  judge(value: T, run: number, shrinking: boolean): Promise<Judged<T>>;
  /** The domain pass after fast-check's shrinking (./reduce.ts). */
  reduceRules?: ReduceRules;
  /** False for a value the domain pass must not send (an order it made invalid). */
  sendable?(value: T): boolean;
  /** Each passing run, as it completes (a failing run is shrunk and reported on its own). */
  onJudged?(result: Judged<T>): void;
}

/** True when `result` fails the way `failure` did: the same check, an answer of the same class. */
function sameFailure(result: Judged<unknown>, failure: PropertyFailure<unknown>): boolean {
  const statusClass = result.status === undefined ? undefined : Math.floor(result.status / 100);
  return result.failing.some((c) => c.id === failure.checkId) && statusClass === failure.statusClass;
}

/**
 * Runs the judge on generated values of `arbitrary` as `budget` says, `concurrency` requests in
 * flight. Three phases:
 *  1. generation: fast-check draws the values from the seed; each is sent without waiting for the
 *     answer (up to `concurrency` at once), so generating the next order overlaps the merchant's
 *     work on the last. Once a value fails, no more are sent (the ones still generated are not).
 *  2. fast-check's shrinking of the first failing run, replayed from the seed and its run index
 *     (fast-check's `path`): each candidate sent again, a quarter of the request budget.
 *  3. the domain pass (./reduce.ts) with the rest of the budget.
 * `onRun` reports progress.
 */
export async function runProperty<T>(arbitrary: fc.Arbitrary<T>, how: PropertyJudge<T>, budget: PropertyBudget, onRun?: (done: number) => void, concurrency = 1): Promise<PropertyOutcome<T>> {
  const judge = how.judge.bind(how);
  const started = performance.now();
  /** The failing runs by index (the passing ones go to `how.onJudged`, not kept). */
  const failing = new Map<number, Judged<T>>();
  let skipped = 0;
  let runsMade = 0;
  let done = 0;
  let timedOut = false;
  let firstFailing: number | undefined;
  const inFlight = new Set<Promise<void>>();
  await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (firstFailing !== undefined) return true;
      if (budget.timeMs !== undefined && performance.now() - started > budget.timeMs) {
        // Out of time: the remaining runs pass without a request.
        timedOut = true;
        return true;
      }
      const index = runsMade++;
      const sent = judge(value, index + 1, false).then((result) => {
        onRun?.(++done);
        if (result.skipped) skipped++;
        if (result.failing.length === 0) return how.onJudged?.(result);
        failing.set(index, result);
        if (firstFailing === undefined || index < firstFailing) firstFailing = index;
      });
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      return true;
    }),
    { seed: budget.seed, numRuns: budget.runs },
  );
  await Promise.all(inFlight);
  const generationMs = performance.now() - started;
  let failure: PropertyFailure<T> | undefined;
  if (firstFailing !== undefined) {
    const first = failing.get(firstFailing)!;
    failure = { run: firstFailing + 1, first, minimal: first, checkId: first.failing[0]!.id, statusClass: first.status === undefined ? undefined : Math.floor(first.status / 100), shrinkSteps: 0, shrinkSmaller: 0, shrinkMs: 0, budgetExhausted: false };
    await shrink(arbitrary, how, budget, failure, firstFailing);
  }
  const durationMs = performance.now() - started;
  return { runsMade, skipped, failure, otherFailures: Math.max(0, failing.size - 1), timedOut, generationMs, durationMs };
}

/** Phases 2 and 3: shrinks `failure` (found at run index `index`) within the budget. */
async function shrink<T>(arbitrary: fc.Arbitrary<T>, how: PropertyJudge<T>, budget: PropertyBudget, failure: PropertyFailure<T>, index: number): Promise<void> {
  const shrinkStarted = performance.now();
  /** Sends one shrink candidate; true when it still fails the same way, undefined when out of budget. */
  const step = async (value: T, requestLimit: number): Promise<boolean | undefined> => {
    if (failure.shrinkSteps >= requestLimit || performance.now() - shrinkStarted > budget.shrinkTimeMs) {
      failure.budgetExhausted = failure.shrinkSteps >= budget.shrinkRequests || performance.now() - shrinkStarted > budget.shrinkTimeMs;
      return undefined;
    }
    if (how.sendable && !how.sendable(value)) return false;
    failure.shrinkSteps++;
    const result = await how.judge(value, failure.run, true);
    failure.shrinkMs = performance.now() - shrinkStarted;
    if (!sameFailure(result as Judged<unknown>, failure as PropertyFailure<unknown>)) return false;
    failure.minimal = result;
    failure.shrinkSmaller++;
    return true;
  };
  let replayed = false;
  // The failing run replayed from the seed: its first call is the value already judged.
  await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (!replayed) {
        replayed = true;
        return false;
      }
      // fast-check's shrinking: a quarter of the budget, enough for a small counterexample; the
      // domain pass makes the big cuts of a large one in fewer requests.
      return !(await step(value, budget.shrinkRequests / 4));
    }),
    { seed: budget.seed, path: String(index), numRuns: 1 },
  );
  if (how.reduceRules) {
    failure.budgetExhausted = false;
    await reduce(failure.minimal.value, how.reduceRules, (candidate) => step(candidate, budget.shrinkRequests));
  }
}

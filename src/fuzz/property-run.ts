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
  /** Every judged case of the generation phase, in order (shrink steps not included). */
  judged: Judged<T>[];
  failure?: PropertyFailure<T>;
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
}

/** True when `result` fails the way `failure` did: the same check, an answer of the same class. */
function sameFailure(result: Judged<unknown>, failure: PropertyFailure<unknown>): boolean {
  const statusClass = result.status === undefined ? undefined : Math.floor(result.status / 100);
  return result.failing.some((c) => c.id === failure.checkId) && statusClass === failure.statusClass;
}

/** Runs the judge on generated values of `arbitrary` as `budget` says. `onRun` reports progress. */
export async function runProperty<T>(arbitrary: fc.Arbitrary<T>, how: PropertyJudge<T>, budget: PropertyBudget, onRun?: (done: number) => void): Promise<PropertyOutcome<T>> {
  const judge = how.judge.bind(how);
  const started = performance.now();
  const judged: Judged<T>[] = [];
  let runsMade = 0;
  let timedOut = false;
  let failure: PropertyFailure<T> | undefined;
  let shrinkStarted = 0;
  let generationMs: number | undefined;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    if (!failure) {
      if (budget.timeMs !== undefined && performance.now() - started > budget.timeMs) {
        // Out of time: the remaining runs pass without a request.
        timedOut = true;
        return true;
      }
      runsMade++;
      const result = await judge(value, runsMade, false);
      judged.push(result);
      onRun?.(runsMade);
      if (result.failing.length === 0) return true;
      failure = { run: runsMade, first: result, minimal: result, checkId: result.failing[0]!.id, statusClass: result.status === undefined ? undefined : Math.floor(result.status / 100), shrinkSteps: 0, shrinkSmaller: 0, shrinkMs: 0, budgetExhausted: false };
      shrinkStarted = performance.now();
      generationMs = shrinkStarted - started;
      return false;
    }
    // fast-check's shrinking: a quarter of the budget, enough for a small counterexample; the
    // domain pass makes the big cuts of a large one in fewer requests.
    return !(await shrinkStep(value, budget.shrinkRequests / 4));
  });
  /** Sends one shrink candidate; true when it still fails the same way, undefined when out of budget. */
  async function shrinkStep(value: T, requestLimit: number): Promise<boolean | undefined> {
    const f = failure!;
    if (f.shrinkSteps >= requestLimit || performance.now() - shrinkStarted > budget.shrinkTimeMs) {
      f.budgetExhausted = f.shrinkSteps >= budget.shrinkRequests || performance.now() - shrinkStarted > budget.shrinkTimeMs;
      return undefined;
    }
    if (how.sendable && !how.sendable(value)) return false;
    f.shrinkSteps++;
    const result = await judge(value, f.run, true);
    f.shrinkMs = performance.now() - shrinkStarted;
    if (!sameFailure(result as Judged<unknown>, f as PropertyFailure<unknown>)) return false;
    f.minimal = result;
    f.shrinkSmaller++;
    return true;
  }
  await fc.check(property, { seed: budget.seed, numRuns: budget.runs });
  if (failure && how.reduceRules) {
    const f = failure as PropertyFailure<T>;
    f.budgetExhausted = false;
    await reduce(f.minimal.value, how.reduceRules, (candidate) => shrinkStep(candidate, budget.shrinkRequests));
  }
  const skipped = judged.filter((j) => j.skipped).length;
  const durationMs = performance.now() - started;
  return { runsMade, skipped, judged, failure, timedOut, generationMs: generationMs ?? durationMs, durationMs };
}

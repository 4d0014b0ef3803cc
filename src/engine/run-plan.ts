/**
 * Runs a plan's tasks with bounded concurrency, keeping results in plan order, and reports progress
 * as a small event stream (the reports themselves only see the final result).
 */
import type { CaseResult } from '../model.js';
import { inLedger, type RequestLedger } from '../http/ledger.js';

/** One unit of work: a case, or a short sequence that yields several cases. */
export interface Task {
  label: string;
  run(): Promise<CaseResult | CaseResult[]>;
  /**
   * Tasks of a lower phase all finish before any of a higher one starts (default 0): the cart cases
   * read the configured cart before any order converts it.
   */
  phase?: number;
  /**
   * The cases the task reports, as `endpoint|variant|authMode` keys: `--last-failed` keeps the tasks
   * that report a case that failed or errored last time.
   */
  keys?: string[];
}

/** The key of a case, as tasks list them. */
export function caseKey(endpoint: string, variant: string, authMode: string): string {
  return `${endpoint}|${variant}|${authMode}`;
}

/** A task being run, for a progress display that names the slowest one. */
export interface InFlight {
  label: string;
  /** Date.now() when it started. */
  since: number;
}

/** Progress after each finished task. */
export interface ProgressEvent {
  /** Tasks finished, of `total` planned. */
  done: number;
  total: number;
  label: string;
  /** Cases the finished tasks reported, and how many of them have a failed check. */
  cases?: number;
  failed?: number;
}

/** How to run a plan. */
export interface RunPlanOptions {
  concurrency: number;
  onProgress?: (e: ProgressEvent) => void;
  /**
   * Aborted (Ctrl-C, SIGTERM): no task starts after it; tasks in flight get `graceMs` to finish, and
   * whatever finished is returned (`interrupted` says so).
   */
  signal?: AbortSignal;
  /** How long tasks in flight may still finish after `signal` aborts (default 3 s). */
  graceMs?: number;
  /** Filled with the tasks in flight as they start and end (the progress line names the slowest). */
  inFlight?: Set<InFlight>;
  /** Records every request a task sends, tagged with the task (see src/http/ledger.ts). */
  ledger?: RequestLedger;
}

/** What a run of a plan gave: the finished cases in plan order, and whether it was cut short. */
export interface PlanOutcome {
  cases: CaseResult[];
  /** Set when `signal` aborted the run before every task finished. */
  interrupted?: { tasksDone: number; tasksTotal: number };
}

/** Runs `tasks`, at most `concurrency` at once, phase by phase; results come back in task order. */
export async function runPlan(tasks: Task[], options: RunPlanOptions): Promise<CaseResult[]> {
  return (await runPlanOutcome(tasks, options)).cases;
}

/** runPlan, also telling whether the run was interrupted. */
export async function runPlanOutcome(tasks: Task[], options: RunPlanOptions): Promise<PlanOutcome> {
  const results: (CaseResult[] | undefined)[] = new Array(tasks.length);
  const phases = [...new Set(tasks.map((t) => t.phase ?? 0))].sort((a, b) => a - b);
  const { signal } = options;
  let done = 0;
  let cases = 0;
  let failed = 0;
  // Resolves when the signal aborts and the grace period for tasks in flight has run out.
  let unwatch = () => undefined as void;
  const graceOver = new Promise<void>((resolve) => {
    if (!signal) return;
    const start = () => setTimeout(resolve, options.graceMs ?? 3000).unref();
    if (signal.aborted) start();
    else signal.addEventListener('abort', start, { once: true });
    // A signal may outlive the run (one for many runs in a process): the listener must not.
    unwatch = () => signal.removeEventListener('abort', start);
  });
  for (const phase of phases) {
    if (signal?.aborted) break;
    const indexes = tasks.flatMap((t, i) => ((t.phase ?? 0) === phase ? [i] : []));
    let next = 0;
    // Set when the grace period ran out while this phase's tasks were still in flight.
    let graceExpired = false;
    const worker = async () => {
      while (next < indexes.length && !signal?.aborted) {
        const index = indexes[next++]!;
        const task = tasks[index]!;
        const running: InFlight = { label: task.label, since: Date.now() };
        options.inFlight?.add(running);
        try {
          const { ledger } = options;
          const outcome = await (ledger ? inLedger(ledger, task, () => task.run()) : task.run());
          // A task that ends after the grace period is not reported: the reports were written without it.
          if (signal?.aborted && graceExpired) continue;
          results[index] = Array.isArray(outcome) ? outcome : [outcome];
        } finally {
          options.inFlight?.delete(running);
        }
        done++;
        cases += results[index]!.length;
        failed += results[index]!.filter((c) => c.checks.some((k) => k.status === 'failed')).length;
        options.onProgress?.({ done, total: tasks.length, label: task.label, cases, failed });
      }
    };
    const all = Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, indexes.length)) }, worker));
    await Promise.race([all, graceOver.then(() => void (graceExpired = true))]);
    if (graceExpired) break;
  }
  unwatch();
  const finished = results.filter((r): r is CaseResult[] => r !== undefined);
  const outcome: PlanOutcome = { cases: finished.flat() };
  if (finished.length < tasks.length && signal?.aborted) outcome.interrupted = { tasksDone: finished.length, tasksTotal: tasks.length };
  return outcome;
}

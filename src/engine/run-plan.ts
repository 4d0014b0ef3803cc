/**
 * Runs a plan's tasks with bounded concurrency, keeping results in plan order, and reports progress
 * as a small event stream (the reports themselves only see the final result).
 */
import type { CaseResult } from '../model.js';

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

/** Progress after each finished task. */
export interface ProgressEvent {
  done: number;
  total: number;
  label: string;
}

/** Runs `tasks`, at most `concurrency` at once, phase by phase; results come back in task order. */
export async function runPlan(tasks: Task[], options: { concurrency: number; onProgress?: (e: ProgressEvent) => void }): Promise<CaseResult[]> {
  const results: CaseResult[][] = new Array(tasks.length);
  const phases = [...new Set(tasks.map((t) => t.phase ?? 0))].sort((a, b) => a - b);
  let done = 0;
  for (const phase of phases) {
    const indexes = tasks.flatMap((t, i) => ((t.phase ?? 0) === phase ? [i] : []));
    let next = 0;
    const worker = async () => {
      while (next < indexes.length) {
        const index = indexes[next++]!;
        const task = tasks[index]!;
        const outcome = await task.run();
        results[index] = Array.isArray(outcome) ? outcome : [outcome];
        done++;
        options.onProgress?.({ done, total: tasks.length, label: task.label });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, indexes.length)) }, worker));
  }
  return results.flat();
}

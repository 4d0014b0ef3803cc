/**
 * Runs a plan's tasks with bounded concurrency, keeping results in plan order, and reports progress
 * as a small event stream (the reports themselves only see the final result).
 */
import type { CaseResult } from '../model.js';

/** One unit of work: a case, or a short sequence that yields several cases. */
export interface Task {
  label: string;
  run(): Promise<CaseResult | CaseResult[]>;
}

/** Progress after each finished task. */
export interface ProgressEvent {
  done: number;
  total: number;
  label: string;
}

/** Runs `tasks`, at most `concurrency` at once; results come back in task order. */
export async function runPlan(tasks: Task[], options: { concurrency: number; onProgress?: (e: ProgressEvent) => void }): Promise<CaseResult[]> {
  const results: CaseResult[][] = new Array(tasks.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index]!;
      const outcome = await task.run();
      results[index] = Array.isArray(outcome) ? outcome : [outcome];
      done++;
      options.onProgress?.({ done, total: tasks.length, label: task.label });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, tasks.length)) }, worker));
  return results.flat();
}

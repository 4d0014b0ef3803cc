/**
 * The reporting half shared by `proxy`, `validate FILE.har` and `replay`: the skipped exchanges
 * listed, the run folder saved (unless --no-save), the table or JSON report, JUnit, HTML and the
 * GitHub summary, as every merchant command writes them. Returns the exit code.
 */
import type { CaseResult, RunResult } from '../model.js';
import type { SkippedExchange } from '../judge/judge-list.js';
import { toRunResult, exitCodeOf } from '../report/summary.js';
import { applySelection } from '../checks/selection.js';
import type { MerchantContext } from '../merchant/context.js';
import { escapeControls } from '../report/terminal-text.js';
import { saveRunIn, writeGithub, writeReports, type MerchantRunOptions } from './merchant-run.js';
import type { Session } from './session.js';

/** Reports `cases`; says which exchanges were skipped. Returns the run (as shown) and the exit code. */
export async function reportRecorded(session: Session, ctx: MerchantContext, opts: MerchantRunOptions, cases: CaseResult[], skipped: SkippedExchange[], title: string): Promise<{ run: RunResult; code: number; dir?: string }> {
  if (skipped.length > 0 && !session.globals.json) {
    // The names and URLs are the recording's (a HAR anyone can hand over): escaped, one line each.
    const lines = skipped.map((s) => `  ${escapeControls(s.variant)} (${escapeControls(s.url)})`).join('\n');
    session.output.err(`Skipped ${skipped.length} exchange${skipped.length === 1 ? '' : 's'} for no endpoint of the configured merchant (cart, order and lifecycle paths):\n${lines}\n`);
  }
  const run = toRunResult(applySelection(cases, ctx.selection));
  let shown = run;
  let dir: string | undefined;
  if (opts.save !== false) {
    const saved = await saveRunIn(session, run, { ...opts, title });
    shown = saved.run;
    dir = saved.dir;
  }
  await writeReports(session, shown, opts.junit, opts.html);
  await writeGithub(session, shown, title, opts);
  return { run: shown, code: exitCodeOf(run.summary), ...(dir ? { dir } : {}) };
}

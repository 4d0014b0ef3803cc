/**
 * The report flags of the commands that judge exchanges xborder did not choose (`proxy`, `replay`):
 * those of a conformance run that apply to them (no --concurrency or --last-failed: the exchanges
 * come in the order they were made).
 */
import type { Command } from 'commander';

/** Adds --strict, --junit, --html, --checks, --exclude-checks, --out, --no-save and --github. */
export function addRecordedReportFlags(cmd: Command): Command {
  return cmd
    .option('--strict', 'lenient forms (casing, aliases, numbers as strings) fail instead of warn')
    .option('--junit <file>', 'also write a JUnit XML report to FILE')
    .option('--html <file>', 'also write a self-contained HTML report to FILE')
    .option('--checks <ids>', 'report only these check ids (`xborder checks` lists them)')
    .option('--exclude-checks <ids>', 'leave these check ids out')
    .option('--out <dir>', 'save the run folder here (default .xborder/runs/<UTC time>)')
    .option('--no-save', 'do not save a run folder')
    .option('--github', 'GitHub Actions job summary (GITHUB_STEP_SUMMARY) and annotations; automatic when GITHUB_ACTIONS=true');
}

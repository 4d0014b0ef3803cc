/** `xborder replay FILE.har|RUN_DIR`: send recorded platform requests again and judge the new answers. */
import type { Command } from 'commander';
import { addConfigFlags } from './shared-options.js';
import { addRecordedReportFlags } from './recorded-options.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Declares the replay command; the work is in ../actions/replay.ts. */
export function defineReplay(program: Command): void {
  const replay = program
    .command('replay')
    .description('send the platform requests of a HAR file or a run folder again, with the current credentials, and judge the answers')
    .argument('<source>', 'a HAR file (from `xborder proxy --har` or a browser) or a run folder (.xborder/runs/<time>)')
    .option('--target <url>', "send to this merchant (default: merchant.baseUrl); the recording's merchant calls are moved to its origin")
    .option('--all', 'also send entries that are no merchant endpoint (only those recorded for the target)')
    .option('--fresh-ids', 'give every recorded OrderId a fresh one (the same new id for every call about one order)')
    .option('--compare', 'compare the new verdicts and answers with the recorded ones (exit 1 on a regression)')
    .option('--ignore <path>', 'with --compare: also leave out this key or JSON pointer (repeatable)', collect)
    .option('--auth <mode>', 'the configured auth mode to send with (default: the first configured)');
  addRecordedReportFlags(addConfigFlags(replay)).addHelpText(
    'after',
    '\nReplay sends only to --target or merchant.baseUrl (neither: exit 2), never to a host the recording names:\n' +
      'entries recorded for another origin (scheme, host, port) are listed as not replayed, except merchant\n' +
      'endpoints when --target is given, which go to the target. Entries that are no merchant endpoint are sent\n' +
      'only with --all. Recorded credentials (credential-shaped headers and query parameters) are dropped, never\n' +
      'reused: the first configured auth mode (or --auth) is applied to every request. Requests are sent one at a\n' +
      'time, in the recorded order. The run folders of proxy and\n' +
      "replay keep every request's body; check's keep them only for failed cases (every case with -v), so its\n" +
      'passing POST cases are listed as not replayed, as are negative cases (sent without credentials on purpose).\n' +
      'Values masked in the recording (card data, secrets) are sent masked. With --compare --json the\n' +
      "comparison is printed on stderr as JSON (stdout holds the replay's report).\n" +
      'Exit codes: 0 every exchange passed, 1 a check failed or --compare found a regression, 2 bad input, 3 not judged.\n\n' +
      'Examples:\n  xborder replay session.har --target http://127.0.0.1:3000 --compare\n' +
      '  xborder replay session.har --fresh-ids\n  xborder replay .xborder/runs/2026-11-20T10-00-00Z --compare --ignore /ResponseInfo/Message',
  );
  replay.action(async (source: string, opts, cmd) => {
    const { run } = await import('../actions/replay.js');
    process.exitCode = await run(source, opts, cmd);
  });
}

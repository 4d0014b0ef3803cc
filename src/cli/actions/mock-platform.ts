/**
 * `xborder mock platform`: serves the reference platform (ValidateGiftCard with the documented test
 * cards; every other indexed operation answers 501) until SIGINT/SIGTERM. The merchant GUID it
 * accepts is the configured one (the sample GUID by default). `--fault NAME` makes it misbehave in
 * one named way; `--list-faults` prints the faults and the check each shows in.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { loadConfig } from '../../config/load.js';
import { PLATFORM_FAULTS, resolvePlatformFault, type PlatformFault } from '../../mock/platform/faults.js';
import { startMockPlatform, type PlatformLogEntry } from '../../mock/platform/server.js';
import { TEST_CARDS } from '../../mock/platform/test-cards.js';
import { renderGrid, type GridColumn } from '../../report/grid.js';
import { commandLines, fitLines, terminalWidth } from '../../report/width.js';
import { createOutput, type GlobalOptions, type Output } from '../output.js';
import { parseWholeNumber, untilSignal } from '../serving.js';
import { announceDiscoveredConfig, sessionFor, warnDistrustedConfig } from '../session.js';

/** Flags of `mock platform` as commander hands them over. */
export interface MockPlatformFlags {
  port?: string;
  host?: string;
  fault?: string;
  slowMs?: string;
  listFaults?: boolean;
}

/** Runs the command; resolves with the exit code once a signal stopped the server. */
export async function run(opts: MockPlatformFlags, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  if (opts.listFaults) {
    listFaults(createOutput({ globals }), globals.json === true);
    return 0;
  }
  // Validate flags before reading the config: a typo in --fault needs no config to be reported.
  const fault = resolvePlatformFault(opts.fault);
  const port = parseWholeNumber(opts.port, '--port', 0, 65535) ?? 0;
  const slowMs = parseWholeNumber(opts.slowMs, '--slow-ms', 0, 3_600_000);
  const host = opts.host ?? '127.0.0.1';
  // The reference platform uses the MerchantGUID it accepts and nothing else of the project's config
  // (a merchant's credential variables unset there are no reason not to start).
  const config = await loadConfig({ file: globals.config, cwd: process.cwd(), env: process.env, onDiscovered: announceDiscoveredConfig, onDistrusted: warnDistrustedConfig, uses: ['merchantGUID'] });
  const { output } = sessionFor(globals, config);
  const json = globals.json === true;

  const server = await startMockPlatform({
    merchantGUID: config.merchantGUID,
    port,
    host,
    fault: fault?.name,
    slowMs,
    // --quiet keeps the server to its banner: no line per request in the terminal it shares.
    onRequest: json || globals.quiet ? undefined : (entry) => output.out(logLine(entry)),
  }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot listen on ${host}:${port}: ${error.code ?? error.message}. Choose another --port or --host.`);
  });

  // Listen for the stop signal before saying where we listen: a script that reads that line and
  // stops the server at once must get a clean exit 0, not a kill by signal.
  const stopped = untilSignal();
  if (json) {
    output.out(`${JSON.stringify({ url: server.url, merchantGUID: config.merchantGUID, fault: fault?.name ?? 'none', testCards: TEST_CARDS })}\n`);
  } else {
    // The test cards' PIN is public test data the user needs to type: printed as it is (createOutput
    // without a mask). The banner holds nothing of the configuration but the GUID, which is no secret.
    createOutput({ globals }).out(banner(server.url, config.merchantGUID, output, fault));
  }
  await stopped;
  await server.close();
  return 0;
}

/** The startup text: where it listens, which GUID it accepts, the test cards, and the fault; fitted to the terminal. */
function banner(url: string, guid: string, output: Output, fault: PlatformFault | undefined): string {
  const width = terminalWidth(process.stdout, process.env);
  const columns: GridColumn[] = [{ title: 'card id' }, { title: 'PIN' }, { title: 'answer', readable: 24, block: 'line' }];
  const table = renderGrid(columns, TEST_CARDS.map((card) => [card.cardId, card.pin ?? '', card.description]), { width, color: output.color, rules: true });
  const prose = [
    `Reference platform listening on ${url}${fault ? ` (fault: ${fault.name})` : ''}`,
    fault?.name === 'guid-ignored'
      ? 'Accepts any merchant GUID, or none (fault guid-ignored).'
      : `Accepts merchant GUID ${guid} (query merchantGUID, header MerchantGUID, or MerchantGUID in the ValidateGiftCard body); anything else: 401 ErrorInfo.`,
    `ValidateGiftCard: POST ${url}/ValidateGiftCard with these test cards:`,
  ];
  const after = [
    'The other 31 indexed operations answer 501 ErrorInfo (not simulated); unknown paths 404; malformed JSON 400.',
    ...(fault ? [faultLine(fault)] : []),
  ];
  // The command to try breaks only between its arguments, with a \ that keeps it one command when pasted.
  const tryIt = `xborder gift-card validate --platform-url ${url} --card-id ${TEST_CARDS[0]!.cardId} --pin ${TEST_CARDS[0]!.pin} --country DE`;
  return [
    ...prose.map((l) => fitLines(l, width)),
    table,
    ...after.map((l) => fitLines(l, width)),
    ...commandLines(tryIt, width, 'Try: ', '       '),
    '',
  ].join('\n');
}

/** What the fault changes, which check shows it, and how to trigger it. */
function faultLine(fault: PlatformFault): string {
  const shows = fault.status === 'passed'
    ? `${fault.catches} passes where the conforming platform fails it`
    : `expect ${fault.catches} ${fault.status}`;
  return `Fault ${fault.name}: ${fault.description}. ${shows[0]!.toUpperCase()}${shows.slice(1)}${fault.trigger ? ` (to see it: ${fault.trigger})` : ''}.`;
}

function logLine(entry: PlatformLogEntry): string {
  return `${entry.method} ${entry.path} -> ${entry.status}\n`;
}

function listFaults(output: Output, json: boolean): void {
  if (json) {
    output.out(`${JSON.stringify(PLATFORM_FAULTS, null, 2)}\n`);
    return;
  }
  const width = terminalWidth(process.stdout, process.env);
  const columns: GridColumn[] = [{ title: 'fault' }, { title: 'check it shows in' }, { title: 'result', whole: true }, { title: 'what the platform does wrong', readable: 30, block: 'line' }];
  const rows = PLATFORM_FAULTS.map((f) => [f.name, f.catches, f.status, f.trigger ? `${f.description} (to see it: ${f.trigger})` : f.description]);
  output.out(`${renderGrid(columns, rows, { width, color: output.color, rules: true })}\n${fitLines(`${PLATFORM_FAULTS.length} faults; serve one with: xborder mock platform --fault NAME`, width)}\n`);
}

/**
 * `xborder mock platform`: serves the reference platform (ValidateGiftCard with the documented test
 * cards; every other indexed operation answers 501) until SIGINT/SIGTERM. The merchant GUID it
 * accepts is the configured one (the sample GUID by default).
 */
import type { Command } from 'commander';
import Table from 'cli-table3';
import { UsageError } from '../../errors.js';
import { loadConfig } from '../../config/load.js';
import { startMockPlatform, type PlatformLogEntry } from '../../mock/platform/server.js';
import { TEST_CARDS } from '../../mock/platform/test-cards.js';
import type { GlobalOptions, Output } from '../output.js';
import { parseWholeNumber, untilSignal } from '../serving.js';
import { sessionFor } from '../session.js';

/** Flags of `mock platform` as commander hands them over. */
export interface MockPlatformFlags {
  port?: string;
  host?: string;
}

/** Runs the command; resolves with the exit code once a signal stopped the server. */
export async function run(opts: MockPlatformFlags, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const port = parseWholeNumber(opts.port, '--port', 0, 65535) ?? 0;
  const host = opts.host ?? '127.0.0.1';
  const config = await loadConfig({ file: globals.config, cwd: process.cwd(), env: process.env });
  const { output } = sessionFor(globals, config);
  const json = globals.json === true;

  const server = await startMockPlatform({
    merchantGUID: config.merchantGUID,
    port,
    host,
    onRequest: json ? undefined : (entry) => output.out(logLine(entry)),
  }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot listen on ${host}:${port}: ${error.code ?? error.message}. Choose another --port or --host.`);
  });

  // Listen for the stop signal before saying where we listen: a script that reads that line and
  // stops the server at once must get a clean exit 0, not a kill by signal.
  const stopped = untilSignal();
  if (json) {
    output.out(`${JSON.stringify({ url: server.url, merchantGUID: config.merchantGUID, testCards: TEST_CARDS })}\n`);
  } else {
    output.out(banner(server.url, config.merchantGUID, output));
  }
  await stopped;
  await server.close();
  return 0;
}

/** The startup text: where it listens, which GUID it accepts, and the test cards. */
function banner(url: string, guid: string, output: Output): string {
  const table = new Table({
    head: ['card id', 'PIN', 'answer'],
    style: { head: output.color ? ['cyan'] : [], border: output.color ? ['gray'] : [] },
  });
  for (const card of TEST_CARDS) table.push([card.cardId, card.pin ?? '', card.description]);
  return [
    `Reference platform listening on ${url}`,
    `Accepts merchant GUID ${guid} (query merchantGUID, header MerchantGUID, or MerchantGUID in the ValidateGiftCard body); anything else: 401 ErrorInfo.`,
    `ValidateGiftCard: POST ${url}/ValidateGiftCard with these test cards:`,
    table.toString(),
    'The other 31 indexed operations answer 501 ErrorInfo (not simulated); unknown paths 404; malformed JSON 400.',
    `Try: xborder gift-card validate --platform-url ${url} --card-id ${TEST_CARDS[0]!.cardId} --pin ${TEST_CARDS[0]!.pin} --country DE`,
    '',
  ].join('\n');
}

function logLine(entry: PlatformLogEntry): string {
  return `${entry.method} ${entry.path} -> ${entry.status}\n`;
}

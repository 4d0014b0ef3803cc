/**
 * `xborder mock merchant`: starts the reference merchant from the configuration and serves until
 * SIGINT/SIGTERM. `--list-faults` prints the faults and the check each should trip.
 */
import type { Command } from 'commander';
import Table from 'cli-table3';
import { UsageError } from '../../errors.js';
import { loadConfig } from '../../config/load.js';
import type { XborderConfig } from '../../model.js';
import { MERCHANT_FAULTS, resolveFault } from '../../mock/merchant/faults.js';
import { startMockMerchant, type MerchantLogEntry } from '../../mock/merchant/server.js';
import { createOutput, type GlobalOptions, type Output } from '../output.js';
import { parseWholeNumber, untilSignal } from '../serving.js';
import { announceDiscoveredConfig, sessionFor, warnDistrustedConfig } from '../session.js';

/** The status Go's runtime exits with on a fatal error, which exit-on-concurrent plays. */
const GO_FATAL_EXIT = 2;

/** Flags of `mock merchant` as commander hands them over (strings as typed). */
export interface MockMerchantFlags {
  port?: string;
  host?: string;
  fault?: string;
  slowMs?: string;
  store?: boolean;
  responseShape?: string;
  listFaults?: boolean;
  /** `--require-order-param NAME`. */
  requireOrderParam?: string;
}

/** Runs the command; resolves with the exit code once the server has been stopped by a signal. */
export async function run(opts: MockMerchantFlags, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  if (opts.listFaults) {
    listFaults(createOutput({ globals }), globals.json === true);
    return 0;
  }
  // Validate flags before reading the config: a typo in --fault needs no config to be reported.
  const fault = resolveFault(opts.fault)?.name;
  const port = parseWholeNumber(opts.port, '--port', 0, 65535) ?? 0;
  const slowMs = parseWholeNumber(opts.slowMs, '--slow-ms', 0, 3_600_000);
  const host = opts.host ?? '127.0.0.1';
  if (opts.responseShape !== undefined && opts.responseShape !== 'flat' && opts.responseShape !== 'wrapped') {
    throw new UsageError(`--response-shape: expected flat or wrapped, got ${JSON.stringify(opts.responseShape)}.`);
  }
  const responseShape = opts.responseShape as 'flat' | 'wrapped' | undefined;

  const config = await loadConfig({ file: globals.config, cwd: process.cwd(), env: process.env, onDiscovered: announceDiscoveredConfig, onDistrusted: warnDistrustedConfig });
  // The config's secrets masked in every log line; --show-secrets warned about, as in every command.
  const { output } = sessionFor(globals, config);
  const json = globals.json === true;

  const server = await startMockMerchant({
    config, fault, port, host, slowMs, store: opts.store === true, responseShape,
    ...(typeof opts.requireOrderParam === 'string' ? { requireOrderParam: opts.requireOrderParam } : {}),
    onRequest: json ? undefined : (entry) => output.out(logLine(entry)),
    // exit-on-concurrent: the process dies as the merchant's would, whatever else is in flight.
    onFatal: (orderId) => {
      output.err(`fatal error: concurrent map writes (fault exit-on-concurrent: two deliveries of order ${orderId} overlapped; the merchant process exits)\n`);
      process.exit(GO_FATAL_EXIT);
    },
  }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot listen on ${host}:${port}: ${error.code ?? error.message}. Choose another --port or --host.`);
  });

  // Listen for the stop signal before saying where we listen: a script that reads that line and
  // stops the server at once must get a clean exit 0, not a kill by signal.
  const stopped = untilSignal();
  const info = { url: server.url, cart: config.merchant.cartPath, order: config.merchant.orderPath, auth: authLabel(config), fault: fault ?? 'none', ...(server.newCartUrl ? { newCart: server.newCartUrl } : {}) };
  output.out(json
    ? `${JSON.stringify(info)}\n`
    : `Reference merchant listening on ${info.url} (cart: ${info.cart}, order: ${info.order}, auth: ${info.auth}, fault: ${info.fault})\n` +
      (server.newCartUrl ? `Store mode: POST ${server.newCartUrl} issues a fresh cart token\n` : ''));

  await stopped;
  await server.close();
  return 0;
}

/** Configured auth modes joined with "+" (`header+basic`), so the line stays one comma list. */
function authLabel(config: XborderConfig): string {
  return config.auth.length === 0 ? 'none' : config.auth.map((a) => a.mode).join('+');
}

function logLine(entry: MerchantLogEntry): string {
  return `${entry.method} ${entry.path} -> ${entry.status}${entry.authMode ? ` (auth: ${entry.authMode})` : ''}${entry.note ? `\n  note: ${entry.note}` : ''}\n`;
}

function listFaults(output: Output, json: boolean): void {
  if (json) {
    output.out(`${JSON.stringify(MERCHANT_FAULTS, null, 2)}\n`);
    return;
  }
  const table = new Table({
    head: ['fault', 'check it trips', 'result', 'what the merchant does wrong'],
    style: { head: output.color ? ['cyan'] : [], border: output.color ? ['gray'] : [] },
    colWidths: [null, null, null, 60] as unknown as number[],
    wordWrap: true,
  });
  for (const f of MERCHANT_FAULTS) table.push([f.name, f.rule ? `${f.catches} (${f.rule})` : f.catches, f.status, f.description]);
  output.out(`${table.toString()}\n${MERCHANT_FAULTS.length} faults; serve one with: xborder mock merchant --fault NAME\n`);
}

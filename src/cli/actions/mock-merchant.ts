/**
 * `xborder mock merchant`: starts the reference merchant from the configuration and serves until
 * SIGINT/SIGTERM. `--list-faults` prints the faults and every check each trips.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { loadConfig } from '../../config/load.js';
import type { XborderConfig } from '../../model.js';
import { MERCHANT_FAULTS, resolveFault, type MerchantFault } from '../../mock/merchant/faults.js';
import { renderGrid, type GridColumn } from '../../report/grid.js';
import { fitLines, terminalWidth } from '../../report/width.js';
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

  // The reference merchant uses its GUID, its endpoints and the auth it enforces, not the platform's
  // settings or the transport's (their unset ${NAME}s are no reason not to start).
  const config = await loadConfig({ file: globals.config, cwd: process.cwd(), env: process.env, onDiscovered: announceDiscoveredConfig, onDistrusted: warnDistrustedConfig, uses: ['merchantGUID', 'merchant', 'auth'] });
  // The config's secrets masked in every log line; --show-secrets warned about, as in every command.
  const { output } = sessionFor(globals, config);
  const json = globals.json === true;

  const server = await startMockMerchant({
    config, fault, port, host, slowMs, store: opts.store === true, responseShape,
    ...(typeof opts.requireOrderParam === 'string' ? { requireOrderParam: opts.requireOrderParam } : {}),
    // --quiet keeps the server to its listening line: no line per request in the terminal it shares.
    onRequest: json || globals.quiet ? undefined : (entry) => output.out(logLine(entry)),
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
  // `authModes`, not `auth`: a key ending in "auth" names a credential to the redactor, which would mask the label.
  const info = { url: server.url, cart: config.merchant.cartPath, order: config.merchant.orderPath, authModes: authLabel(config), fault: fault ?? 'none', ...(server.newCartUrl ? { newCart: server.newCartUrl } : {}) };
  output.out(json
    ? `${JSON.stringify(info)}\n`
    : `Reference merchant listening on ${info.url} (cart: ${info.cart}, order: ${info.order}, auth: ${info.authModes}, fault: ${info.fault})\n` +
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
  const width = terminalWidth(process.stdout, process.env);
  const columns: GridColumn[] = [{ title: 'fault' }, { title: 'checks it trips (xborder demo)', readable: 16 }, { title: 'what the merchant does wrong', readable: 30, block: 'line' }];
  const table = renderGrid(columns, MERCHANT_FAULTS.map((f) => [f.name, tripsOf(f), f.description]), { width, color: output.color, rules: true });
  output.out(`${table}\n${fitLines(`${MERCHANT_FAULTS.length} faults; serve one with: xborder mock merchant --fault NAME. \`xborder checks ID\` explains a check.`, width)}\n`);
}

/** "fails iso-codes, response-payment; warns cart-currency-country": every check id the fault trips. */
function tripsOf(fault: MerchantFault): string {
  const fails = [...(fault.status === 'failed' ? [fault.catches] : []), ...(fault.alsoFails ?? [])];
  const warns = [...(fault.status === 'warning' ? [fault.catches] : []), ...(fault.alsoWarns ?? [])];
  const trips = [fails.length > 0 ? `fails ${fails.join(', ')}` : '', warns.length > 0 ? `warns ${warns.join(', ')}` : ''].filter(Boolean).join('; ');
  // A latent fault shows only on some generated orders, which the demo's fixed ones may not be.
  return fault.latent ? `${trips} (latent: xborder fuzz finds it)` : trips;
}

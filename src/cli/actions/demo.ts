/**
 * `xborder demo`: the embedded default. Starts the reference merchant (every auth mode enforced,
 * secrets made up for this run) and the mock platform on free local ports, runs `check` against the
 * merchant and validates the platform's test gift cards, and prints one report.
 */
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import type { RunResult, XborderConfig } from '../../model.js';
import { defaultConfig } from '../../config/defaults.js';
import { startMockMerchant } from '../../mock/merchant/server.js';
import { startMockPlatform } from '../../mock/platform/server.js';
import { TEST_CARDS } from '../../mock/platform/test-cards.js';
import { validateGiftCard } from '../../platform/gift-card.js';
import { sampleOrderSources } from '../../merchant/plan.js';
import { DEFAULT_LARGE_ORDER_BYTES } from '../../merchant/large-order.js';
import { cartSourceOf } from '../../merchant/cart-source.js';
import { CartCommandError } from '../../merchant/new-cart-command.js';
import { resolveFault } from '../../mock/merchant/faults.js';
import { toRunResult } from '../../report/summary.js';
import { applySelection, parseSelection } from '../../checks/selection.js';
import { closeAgents } from '../../http/send.js';
import { proseText, type GlobalOptions } from '../output.js';
import { sessionFor } from '../session.js';
import { runExitCode, runMerchantSuite, saveRun, writeGithub, writeReports, type MerchantRunOptions } from '../merchant-run.js';

/** The demo's configuration: every auth mode, with secrets that exist only for this run. */
export function demoConfig(): XborderConfig {
  const secret = () => randomBytes(18).toString('base64url');
  const config = defaultConfig();
  config.merchant.cartMethods = ['GET', 'POST'];
  // The whole lifecycle: every call the platform makes to a merchant, alone and as scenarios.
  config.merchant.events = ['payment', 'status', 'shipping-info', 'documents', 'refund'];
  config.auth = [
    { mode: 'header', name: 'X-Merchant-Key', value: secret() },
    { mode: 'basic', username: 'platform', password: secret() },
    { mode: 'jwt', algorithm: 'HS256', secret: secret(), issuer: 'platform', ttlSeconds: 300 },
    { mode: 'query', name: 'key', value: secret() },
    // Loopback is a /8: requests bound to 127.0.0.2 prove the whitelist refuses other addresses.
    { mode: 'ip', localAddress: '127.0.0.1', deniedLocalAddress: '127.0.0.2' },
  ];
  config.http.timeoutMs = 30_000;
  config.http.firstByteTimeoutMs = 30_000;
  return config;
}

/**
 * The demo's `merchant.newCart.command`: what a user writes for a dev store (a call of the store's own
 * API that prints a fresh token), done with this very Node so it needs nothing installed.
 */
export function newCartCommand(url: string): string {
  const script = "fetch(process.argv[1],{method:'POST'}).then(async(r)=>{if(!r.ok){console.error('HTTP '+r.status);process.exit(1)}process.stdout.write(await r.text())},(e)=>{console.error(e.message);process.exit(1)})";
  return `"${process.execPath}" -e "${script}" "${url}"`;
}

/**
 * A fresh cart of the in-process store, as the newCart `command` would print it, and failing as it
 * fails (a CartCommandError): a store that went down mid-run (`--fault exit-on-concurrent`) errors
 * only the cases that needed a cart, as with a user's command, instead of ending the demo.
 */
async function issueCart(url: string, command: string): Promise<string> {
  const started = Date.now();
  let why: string;
  try {
    const response = await fetch(url, { method: 'POST' });
    if (response.ok) return (await response.text()).trim();
    await response.body?.cancel();
    why = `HTTP ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    why = `${(error as Error).message}${typeof cause === 'string' ? ` (${cause})` : ''}`;
  }
  const ranMs = Date.now() - started;
  throw new CartCommandError(`merchant.newCart.command ${JSON.stringify(command)} failed after ${ranMs} ms; it must print one fresh cart token on stdout. Its stderr: ${why}`, `merchant.newCart.command failed after ${ranMs} ms: ${why}`);
}

/**
 * The demo's failures come without a reproduction: its merchant, that merchant's port and the
 * secrets made up for the run end with the demo, so a reproduce.sh or a curl command would send to
 * nothing, with credentials nobody has. No script is saved and no command shown; the report says so
 * once, with the two commands that replay the fault against a merchant that stays: the store the
 * demo runs, and a check whose orders each convert a fresh cart of it (the race checks and the cart
 * checks need them; without, they are skipped).
 */
export function withoutReproductions(run: RunResult, fault: string | undefined): RunResult {
  if (!run.cases.some((c) => c.curl !== undefined || c.reproduce !== undefined)) return run;
  const serve = `xborder mock merchant --store --port 8787${fault ? ` --fault ${fault}` : ''}`;
  // The served slow faults sleep DEFAULT_SLOW_MS (3 s): a timeout below it shows them, as the demo's 500 ms did.
  const timeout = fault === 'slow' || fault === 'slow-redelivery' ? ' --timeout 2s' : '';
  const check = `xborder check --merchant-url http://127.0.0.1:8787${timeout} --new-cart 'curl -sX POST http://127.0.0.1:8787/xborder/new-cart'`;
  const notice = `No reproduce.sh or curl for the demo's failures: its merchant, port and made-up secrets end with the demo. To replay them, run \`${serve}\` in a second terminal, then \`${check}\`.`;
  return { ...run, cases: run.cases.map(({ curl: _curl, reproduce: _reproduce, ...c }) => c), notices: [...(run.notices ?? []), notice] };
}

/** How the demo shows the `slow` fault: the merchant answers after answerMs, past the timeout. */
const SLOW_FAULT = { answerMs: 750, timeoutMs: 500 };

/** Runs the demo. */
export async function run(opts: MerchantRunOptions & { fault?: string }, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const config = demoConfig();
  // The demo's 30 s timeout would let the slow fault pass unnoticed; judge it against a short one.
  // slow-redelivery creates each order as slowly: the platform's retry then comes before the order exists.
  const slowFault = opts.fault === 'slow' || opts.fault === 'slow-redelivery';
  const slow = slowFault ? { slowMs: SLOW_FAULT.answerMs } : {};
  if (slowFault) config.http.timeoutMs = config.http.firstByteTimeoutMs = SLOW_FAULT.timeoutMs;
  // Store mode with flat answers: the embedded default walks the real flow, each order on a cart the
  // merchant issued, fetched first, as deployed merchants answer.
  const merchant = await startMockMerchant({ config, fault: opts.fault, store: true, responseShape: 'flat', ...slow });
  const platform = await startMockPlatform({ merchantGUID: config.merchantGUID });
  try {
    config.merchant.baseUrl = merchant.url;
    config.merchant.newCart = { command: newCartCommand(merchant.newCartUrl!) };
    config.platform.baseUrl = platform.url;
    const session = sessionFor(globals, config);
    if (!globals.json) {
      session.output.err(`${proseText(`Reference merchant on ${merchant.url}${opts.fault ? ` (fault: ${opts.fault})` : ''}, mock platform on ${platform.url}`, process.stderr)}\n`);
      if (slowFault) session.output.err(`${proseText(`The slow merchant answers after ${SLOW_FAULT.answerMs} ms; this run's timeout is ${SLOW_FAULT.timeoutMs} ms.`, process.stderr)}\n`);
    }
    // A latent fault crashes on orders the fixed suite never sends: said even with --json (stderr).
    if (resolveFault(opts.fault)?.latent) session.output.err(`${proseText(`${opts.fault} is latent: only some generated orders trigger it, which the demo's fixed orders may not; \`xborder fuzz\` against \`xborder mock merchant --fault ${opts.fault}\` finds it and shrinks the order that shows it.`, process.stderr)}\n`);
    const merchantRun = await runMerchantSuite(session, opts, (ctx) => {
      // The command stays in the configuration (what a user writes), but the demo's carts are issued
      // in-process: a Node start per cart cost a quarter second of CPU, and a demo converts about a
      // hundred carts (17 s of a demo's 18 s on 2 cores went to them).
      ctx.carts = cartSourceOf(ctx.config, (command) => issueCart(merchant.newCartUrl!, command));
      return { cart: true, orders: sampleOrderSources(ctx), sequences: true, negatives: true, events: true, largeOrderBytes: DEFAULT_LARGE_ORDER_BYTES };
    });
    const giftCards = [];
    // Interrupted: report what finished, send nothing more.
    for (const card of merchantRun.partial ? [] : TEST_CARDS) {
      const outcome = await validateGiftCard({ cardId: card.cardId, pin: card.pin, country: config.merchant.countryCode }, config);
      giftCards.push(outcome.caseResult);
    }
    // The merchant run's headlines (refused credentials, a merchant that stopped), partial mark and
    // modes stay; the cases and the summary are the merged ones.
    const run = withoutReproductions({ ...merchantRun, ...toRunResult(applySelection([...merchantRun.cases, ...giftCards], parseSelection(opts.checks, opts.excludeChecks))) }, opts.fault);
    const shown = opts.save === false ? run : await saveRun(session, run, { ...opts, title: 'demo' });
    await writeReports(session, shown, opts.junit, opts.html);
    await writeGithub(session, shown, 'demo', opts);
    return runExitCode(run);
  } finally {
    await closeAgents();
    await Promise.all([merchant.close(), platform.close()]);
  }
}

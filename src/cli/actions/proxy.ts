/**
 * `xborder proxy --target URL`: a validating reverse proxy between the platform and the merchant.
 * Every exchange is forwarded unchanged, judged by the one judge (src/judge), printed as one line,
 * optionally recorded as masked HAR; at --count N or Ctrl-C the usual reports and exit code.
 */
import type { Command } from 'commander';
import { UsageError, InputError } from '../../errors.js';
import type { CaseResult } from '../../model.js';
import { VERSION } from '../../version.js';
import { startProxy, type ProxiedExchange, type RefusedRequest } from '../../proxy/server.js';
import { liveLine, refusedLine } from '../../proxy/live-line.js';
import { checkHarTarget, checkRunFolderTarget } from '../../proxy/output-targets.js';
import { isLoopbackHost } from '../../http/proxy.js';
import { caseStatus } from '../../report/summary.js';
import { escapeControls, escapeLines } from '../../report/terminal-text.js';
import { judgeRecorded } from '../../judge/judge-recorded.js';
import { recordedVariant, RECORDED_AUTH, type SkippedExchange } from '../../judge/judge-list.js';
import { harEntry, harEntryText, harFrame } from '../../har/write.js';
import type { HarEntry } from '../../har/types.js';
import { openGrowingFile, type GrowingFile } from '../../io/growing-file.js';
import { writeFailure } from '../../io/write-errors.js';
import { closeAgents } from '../../http/send.js';
import { learnHeaderCredentials } from '../../proxy/credentials.js';
import { recordedQueryCredentials } from '../../replay/credentials.js';
import { openSession, warnTransport } from '../session.js';
import { merchantContextFor, type MerchantRunOptions } from '../merchant-run.js';
import { reportRecorded } from '../recorded-report.js';
import { RUNS_DIR } from '../run-folder.js';
import { wholeNumberFlag } from '../flag-numbers.js';

/** Options of `proxy`. */
export interface ProxyCliOptions extends MerchantRunOptions {
  target?: string;
  port?: string;
  host?: string;
  count?: string;
  har?: string;
}

function targetOf(raw: string | undefined, fallback: string): URL {
  const text = raw ?? fallback;
  if (!text) throw new UsageError('proxy needs the merchant to forward to: --target URL (or merchant.baseUrl in the config).');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--target: not a URL: ${JSON.stringify(text)} (expected http(s)://host[:port][/base-path]).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--target: expected an http:// or https:// URL, got ${url.protocol}.`);
  // Each request's own query is forwarded; a query, fragment or user name on the target would be
  // dropped silently (or, for credentials, sent where the user did not look): refused instead.
  if (url.search || url.hash) throw new UsageError('--target: give the merchant\'s origin and base path only (http(s)://host[:port][/base-path]); the query and fragment of each request are forwarded as the caller sent them.');
  if (url.username || url.password) throw new UsageError('--target: no credentials in the URL; the caller\'s own credentials are forwarded (or configure them under "auth").');
  return url;
}

/** `xborder proxy`. */
export async function run(opts: ProxyCliOptions, cmd: Command): Promise<number> {
  const port = wholeNumberFlag('--port', opts.port, 0, 65535, 8787);
  const count = opts.count === undefined ? undefined : wholeNumberFlag('--count', opts.count, 1, 1_000_000, 1);
  const session = await openSession(opts, cmd);
  const target = targetOf(opts.target, session.config.merchant.baseUrl);
  // The exchanges are judged against the target: its path prefix is where the configured paths live.
  session.config = { ...session.config, merchant: { ...session.config.merchant, baseUrl: target.toString() } };
  warnTransport(session, [target.toString()]);
  // The session's traffic cannot be sent again: a HAR or run folder that cannot be written is refused now, not when it ends.
  if (opts.har) await checkHarTarget('--har', opts.har, process.cwd());
  if (opts.save !== false) await checkRunFolderTarget(opts.out, RUNS_DIR, process.cwd());
  // Every case keeps its (masked) bodies: the run folder then replays (`xborder replay RUN_DIR`) and
  // `diff` compares answers, not only verdicts.
  const ctx = { ...merchantContextFor(session, opts), verbose: true };
  const cases: CaseResult[] = [];
  const skipped: SkippedExchange[] = [];
  // The HAR is written as the exchanges come (valid JSON after each), never held whole in memory.
  const har = opts.har ? await openHar(opts.har) : undefined;
  let harEntries = 0;
  let harFailed = false;
  let stopped = false;
  let seen = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));

  const onExchange = (p: ProxiedExchange): void => {
    seen++;
    const req = p.exchange.request;
    // One header at a time: a repeated Authorization is two credentials, each masked wherever it is echoed.
    for (const [name, value] of p.wire.requestHeaders) learnHeaderCredentials(session.redactor, { [name]: value }, session.config);
    // The query's credentials too, in any spelling of their name (`MKEY=` for a configured `mkey`).
    for (const value of recordedQueryCredentials(req.url, session.config.auth)) session.redactor.add(value);
    if (req.body !== undefined) {
      try {
        ctx.noteSecrets?.(JSON.parse(req.body));
      } catch {
        // Not JSON: the free-text rules still apply.
      }
    }
    const variant = recordedVariant(seen, req.method, req.url);
    const verdict = judgeRecorded(ctx, p.exchange, variant, RECORDED_AUTH);
    if (verdict) cases.push(verdict.result);
    else skipped.push({ variant, method: req.method, url: session.output.mask(req.url) });
    const entry = har || session.globals.verbose ? harEntry(p.exchange, p.started, session.redactor, { ...p.wire, callerLeft: p.callerLeft }) : undefined;
    if (har && entry && !stopped) {
      har.append(harEntryText(entry, harEntries++)).catch((error: unknown) => {
        if (!harFailed) session.output.warn(`the HAR file ${opts.har} cannot be written (${writeFailure(error)}): the proxy goes on, but nothing more is recorded.`);
        harFailed = true;
      });
    }
    // --quiet: only the exchanges that did not pass.
    if (!session.globals.quiet || !verdict || caseStatus(verdict.result) !== 'passed') session.output.err(`${liveLine({ status: p.status, method: req.method, url: req.url, orderId: verdict?.orderId, result: verdict?.result, byProxy: p.byProxy, callerLeft: p.callerLeft }, session.output.color)}\n`);
    if (entry && session.globals.verbose) showExchange(session.output.err, entry);
    if (count !== undefined && seen >= count) finish();
  };
  // Refused requests never reached the merchant: a line says why, they are not exchanges to judge or count.
  const onRefused = (r: RefusedRequest): void => {
    session.output.err(`${refusedLine({ method: r.method, target: r.target, reason: r.reason }, session.output.color)}\n`);
  };

  let proxy;
  try {
    proxy = await startProxy({ target, host: opts.host ?? '127.0.0.1', port, settings: session.config.http, onExchange, onRefused });
  } catch (error) {
    throw new UsageError(`Cannot listen on ${opts.host ?? '127.0.0.1'}:${port}: ${(error as Error).message}. Pick another --port (0 picks a free one).`);
  }
  if (!isLoopbackHost(proxy.address)) {
    session.output.warn(`the proxy listens on ${proxy.address}, not on loopback: anyone who can reach port ${new URL(proxy.url).port} can send requests through it to ${target.origin}, from this machine's address. Use --host 127.0.0.1 unless other machines must reach it.`);
  }
  session.output.err(`xborder proxy listening on ${proxy.url}, forwarding to ${target.toString()}${count ? ` (stops after ${count} exchange${count === 1 ? '' : 's'})` : ' (Ctrl-C to stop and report)'}\n`);
  const stop = () => finish();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await done;
  } finally {
    stopped = true;
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    await proxy.close();
    await closeAgents();
  }
  if (har && opts.har) await closeHar(opts.har, har);
  if (opts.har && !session.globals.json) session.output.err(`HAR (masked) written to ${opts.har}: ${harEntries} entr${harEntries === 1 ? 'y' : 'ies'}\n`);
  return (await reportRecorded(session, ctx, opts, cases, skipped, 'proxy')).code;
}

/** The HAR file, created now (an empty HAR until the first exchange) and written entry by entry. */
async function openHar(file: string): Promise<GrowingFile> {
  const { opening, closing } = harFrame(VERSION);
  try {
    return await openGrowingFile(file, opening, closing);
  } catch (error) {
    throw new UsageError(`--har ${file}: ${writeFailure(error)}; nothing would be recorded. Choose another file.`);
  }
}

async function closeHar(file: string, har: GrowingFile): Promise<void> {
  try {
    await har.close();
  } catch (error) {
    throw new InputError(`Cannot write the HAR file ${file}: ${writeFailure(error)}.`, file);
  }
}

/** -v: the exchange as the HAR records it (masked). */
function showExchange(err: (s: string) => void, e: HarEntry): void {
  // Caller and merchant text alike: escaped, so neither can drive the terminal or start a CI log command.
  const headers = (list: { name: string; value: string }[]) => list.map((h) => `    ${escapeControls(h.name)}: ${escapeControls(h.value)}`).join('\n');
  const body = (text: string) => `    ${escapeLines(text).split('\n').join('\n    ')}\n`;
  err(`  > ${escapeControls(e.request.method)} ${escapeControls(e.request.url)}\n${headers(e.request.headers)}\n${e.request.postData ? body(e.request.postData.text) : ''}`);
  err(`  < ${e.response.status} ${escapeControls(e.response.statusText)}\n${headers(e.response.headers)}\n${e.response.content.text ? body(e.response.content.text) : ''}`);
}

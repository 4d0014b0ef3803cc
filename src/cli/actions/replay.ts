/**
 * `xborder replay FILE.har|RUN_DIR`: the recorded platform requests sent again, in order, to the
 * target only (`--target`, else merchant.baseUrl; never a host the recording names: scope.ts), with
 * the current config's credentials (recorded ones are dropped, never reused) and optionally fresh
 * OrderIds; each answer judged by the one judge. `--compare` sets the new verdicts beside the old.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { learnHeaderCredentials } from '../../proxy/credentials.js';
import type { CaseResult } from '../../model.js';
import { applyAuth } from '../../auth/index.js';
import { send, closeAgents } from '../../http/send.js';
import { loadReplaySource } from '../../replay/source.js';
import { prepareReplay } from '../../replay/prepare.js';
import { scopeReplay } from '../../replay/scope.js';
import { recordedQueryCredentials } from '../../replay/credentials.js';
import { judgeRecorded } from '../../judge/judge-recorded.js';
import { judgeList, type SkippedExchange } from '../../judge/judge-list.js';
import { liveLine } from '../../proxy/live-line.js';
import { diffRuns } from '../../diff/compare.js';
import { ignoreList } from '../../diff/json-diff.js';
import { renderDiffJson, renderDiffText } from '../../diff/render.js';
import { caseStatus, toRunResult } from '../../report/summary.js';
import { escapeControls } from '../../report/terminal-text.js';
import { openSession, warnTransport } from '../session.js';
import { merchantContextFor, type MerchantRunOptions } from '../merchant-run.js';
import { reportRecorded } from '../recorded-report.js';

/** Options of `replay`. */
export interface ReplayOptions extends MerchantRunOptions {
  target?: string;
  freshIds?: boolean;
  compare?: boolean;
  ignore?: string[];
  all?: boolean;
}

function targetOf(raw: string | undefined, what: string): URL | undefined {
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(`${what}: not an http(s) URL: ${JSON.stringify(raw)} (expected http(s)://host[:port]).`);
  return url;
}

/** Where replay sends: `--target`, else merchant.baseUrl; never guessed from the recording. */
function chooseTarget(opts: ReplayOptions, baseUrl: string): { target: URL; explicit: boolean } {
  const explicit = targetOf(opts.target, '--target');
  if (explicit) return { target: explicit, explicit: true };
  const configured = targetOf(baseUrl || undefined, 'merchant.baseUrl');
  if (configured) return { target: configured, explicit: false };
  throw new UsageError(
    'replay: no target to send to. Name the merchant with --target URL (xborder replay FILE --target http://127.0.0.1:3000) or set merchant.baseUrl in the config (or XBORDER_MERCHANT_URL / --merchant-url). ' +
      'Replay never sends to the hosts a recording names: a recording can name any host, and every replayed request carries the configured credentials.',
  );
}

/** `xborder replay`. */
export async function run(source: string, opts: ReplayOptions, cmd: Command): Promise<number> {
  const session = await openSession(opts, cmd);
  const { target, explicit } = chooseTarget(opts, session.config.merchant.baseUrl);
  session.config = { ...session.config, merchant: { ...session.config.merchant, baseUrl: target.toString() } };
  const recorded = await loadReplaySource(source);
  // Recorded credentials are never sent; where an answer echoes them (decoded Basic too) they are masked.
  for (const item of recorded.items) {
    learnHeaderCredentials(session.redactor, item.request.headers, session.config);
    // And those of the query, in any spelling of their name (`MKEY=` for a configured `mkey`).
    for (const value of recordedQueryCredentials(item.request.url, session.config.auth)) session.redactor.add(value);
  }
  const scoped = scopeReplay(recorded.items, { target, explicitTarget: explicit, all: opts.all === true, config: session.config });
  // Every case keeps its (masked) bodies, as the proxy's do: replays and diffs of this run compare answers.
  const ctx = { ...merchantContextFor(session, opts), verbose: true };
  const auth = ctx.modes[0];
  if (!auth) throw new UsageError('replay: no auth mode configured (auth in the config, or --auth).');
  warnTransport(session, [target.toString()]);
  if (!session.globals.json) {
    session.output.err(`Replaying ${scoped.send.length} request${scoped.send.length === 1 ? '' : 's'} from ${escapeControls(source)} to ${escapeControls(target.origin)} with auth ${auth.mode}${opts.freshIds ? ', fresh OrderIds' : ''}\n`);
  }
  // What is not sent is always said, --quiet and --json included (on stderr): a silent skip would
  // read as "replayed and passed".
  const reasons = new Map<string, string[]>();
  for (const u of [...recorded.unreplayable, ...scoped.held]) reasons.set(u.why, [...(reasons.get(u.why) ?? []), u.variant]);
  // The names (and the origins a reason quotes) are the recording's: escaped, so each stays one line.
  for (const [why, variants] of reasons) session.output.err(`not replayed (${variants.length}): ${escapeControls(why)}: ${variants.map(escapeControls).join('; ')}\n`);
  const fresh = opts.freshIds ? { map: new Map<string, string>(), next: ctx.newOrderId } : undefined;
  const cases: CaseResult[] = [];
  const skipped: SkippedExchange[] = [];
  try {
    for (const item of scoped.send) {
      const spec = await applyAuth(prepareReplay(item.request, { target, auth: session.config.auth, freshIds: fresh }), auth);
      if (spec.body !== undefined) {
        try {
          ctx.noteSecrets?.(JSON.parse(spec.body));
        } catch {
          // Not JSON: the free-text rules still apply.
        }
      }
      const exchange = await send(spec, session.config.http);
      const verdict = judgeRecorded(ctx, exchange, item.variant, item.authMode);
      if (verdict) cases.push(verdict.result);
      else skipped.push({ variant: item.variant, method: spec.method, url: session.output.mask(spec.url) });
      if (!session.globals.quiet || !verdict || caseStatus(verdict.result) !== 'passed') session.output.err(`${liveLine({ status: exchange.response?.status ?? 0, method: spec.method, url: spec.url, orderId: verdict?.orderId, result: verdict?.result }, session.output.color)}\n`);
    }
  } finally {
    await closeAgents();
  }
  const reported = await reportRecorded(session, ctx, opts, cases, skipped, 'replay');
  if (!opts.compare) return reported.code;
  // Only what was sent again is compared: the cases left out are listed above.
  const sent = new Set(scoped.send.map((i) => `${i.variant}|${i.authMode}`));
  const original = recorded.kind === 'har' ? judgeList(ctx, recorded.recorded ?? []).cases : (recorded.cases ?? []);
  const before = toRunResult(original.filter((c) => sent.has(`${c.variant}|${c.authMode}`)));
  const diff = diffRuns(session.redactor.json(before), session.redactor.json(reported.run), ignoreList(opts.ignore ?? []));
  const labels: [string, string] = [`recorded (${source})`, 'replayed'];
  // With --json stdout holds the replay's report: the comparison goes to stderr, as one JSON document.
  if (session.globals.json) session.output.err(renderDiffJson(diff, labels));
  else session.output.out(`\nCompared with the recording:\n${renderDiffText(diff, { color: session.output.color, verbose: session.globals.verbose, labels })}`);
  return diff.regression ? 1 : reported.code;
}

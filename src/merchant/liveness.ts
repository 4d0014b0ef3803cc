/**
 * A merchant that stops answering mid-run: a process that crashed (every later connection refused),
 * a host that went away, a name that no longer resolves. The first exchange that could not reach the
 * merchant starts one short re-probe (a plain GET of the cart URL, outside the run's requests); until
 * it is decided no task starts. When the merchant answers it, the refusal was a blip and the run goes
 * on. When it does not, the run has its stop: no task is sent any more (each reports its cases
 * errored, "not sent"), every verdict made so far is kept, and the report says in one headline when
 * it stopped, after which answer, and what was in flight then.
 *
 * The requests in flight when it fell over are the suspects: copies of one order sent at once that
 * take the merchant down are not one order (`redelivery-concurrent`, `refund-concurrent` fail), and
 * without such a group, a request the merchant dropped while it went down fails its case.
 */
import type { CaseResult, CheckResult, Exchange, HttpSettings, MerchantStop, XborderConfig } from '../model.js';
import type { Task } from '../engine/run-plan.js';
import type { LedgerEntry } from '../http/ledger.js';
import { outsideLedger } from '../http/ledger.js';
import { send } from '../http/send.js';
import { merchantUrl } from './requests.js';
import { unsentCases } from './unsent-cases.js';
import { urlPath } from '../http/url.js';

/** Transport errors that say nothing answers at the merchant's address (a timeout after connecting says it is slow). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'TIMEOUT_CONNECT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'EPIPE']);

/** The checks that judge copies sent at once: a crash under them is their failure. */
const GROUP_CHECKS = new Set(['redelivery-concurrent', 'refund-concurrent']);

/** How the re-probe asks: two tries, half a second apart, each given a few seconds. */
const PROBE_TRIES = 2;
const PROBE_GAP_MS = 500;
const PROBE_SETTINGS: Partial<HttpSettings> = { timeoutMs: 5000, firstByteTimeoutMs: 5000, connectTimeoutMs: 3000, retries: 0 };

/** Answers true when something answers at the merchant's address (any HTTP status). */
export type Reprobe = () => Promise<boolean>;

/** What the exchange that found the merchant gone saw, and what was in flight with it. */
interface Fall {
  at: number;
  code: string;
  message: string;
  /** The tasks whose requests were in flight (the failed one's included). */
  tasks: Set<unknown>;
  /** Requests in flight per task, for the headline. */
  requests: number;
}

/** Watches one run's exchanges for a merchant that stopped answering. */
export class MerchantLiveness {
  private answers = 0;
  private lastAnswer?: { at: number; what: string };
  private deciding?: Promise<void>;
  private fall?: Fall;
  private stop?: MerchantStop;
  /** Cases reported by tasks that were in flight when the merchant fell over. */
  private readonly suspects = new WeakSet<CaseResult>();
  private notSent = 0;

  constructor(
    private readonly config: XborderConfig,
    private readonly reprobe: Reprobe = () => probeMerchant(config),
  ) {}

  /** The ledger's listener: every exchange of the run as it ends. */
  readonly observe = (ended: LedgerEntry, exchange: Exchange, stillInFlight: readonly LedgerEntry[]): void => {
    if (exchange.response) {
      this.answers++;
      this.lastAnswer = { at: Date.now(), what: `${exchange.request.method} ${urlPath(exchange.request.url)}` };
      return;
    }
    const code = exchange.error?.code;
    if (code === undefined || !UNREACHABLE.has(code) || this.stop || this.deciding) return;
    const inFlight = [ended, ...stillInFlight];
    const fall: Fall = { at: Date.now(), code, message: exchange.error?.message ?? code, tasks: new Set(inFlight.map((e) => e.tag)), requests: inFlight.length };
    this.deciding = this.reprobe().then(
      (alive) => this.decide(fall, alive),
      () => this.decide(fall, false),
    );
  };

  private decide(fall: Fall, alive: boolean): void {
    this.deciding = undefined;
    if (alive) return;
    this.fall = fall;
    this.stop = {
      at: new Date(fall.at).toISOString(),
      url: shownUrl(this.config.merchant.baseUrl),
      code: fall.code,
      message: fall.message,
      answeredBefore: this.answers,
      ...(this.lastAnswer ? { lastAnswer: this.lastAnswer.what } : {}),
      inFlight: [...fall.tasks].map(labelOf),
      notSent: 0,
    };
  }

  /** Resolves once no re-probe is pending: the stop, when the merchant was found gone. */
  async settled(): Promise<MerchantStop | undefined> {
    while (this.deciding) await this.deciding;
    return this.stop;
  }

  /**
   * Rewires `tasks`: each waits for a pending re-probe before it starts, and is not sent once the
   * merchant is gone (its cases errored, "not sent"); the cases of a task that was in flight when it
   * fell over are kept aside for `blame`.
   */
  wire(tasks: Task[]): void {
    for (const task of tasks) {
      const run = task.run;
      task.run = async () => {
        const before = await this.settled();
        if (before) {
          const unsent = unsentCases(this.config, task, { status: 'errored', check: 'reachable', message: `not sent: ${stopLine(before)}` });
          this.notSent += unsent.length;
          return unsent;
        }
        const outcome = await run();
        const cases = Array.isArray(outcome) ? outcome : [outcome];
        await this.settled();
        if (this.fall?.tasks.has(task)) for (const c of cases) this.suspects.add(c);
        return cases;
      };
    }
  }

  /**
   * The run's stop (undefined when the merchant kept answering), with the cases of the tasks in
   * flight when it fell over judged: a group of copies sent at once fails its check; without one,
   * each request the merchant dropped fails `reachable`. Call once every task has finished.
   */
  blame(cases: CaseResult[]): { cases: CaseResult[]; stop?: MerchantStop } {
    const stop = this.stop;
    // A merchant that never answered did not fall over: nothing it was sent is its failure.
    if (!stop || stop.answeredBefore === 0) return { cases, ...(stop ? { stop: { ...stop, notSent: this.notSent } } : {}) };
    const suspects = cases.filter((c) => this.suspects.has(c));
    const groups = suspects.filter((c) => c.checks.some((k) => GROUP_CHECKS.has(k.id) && k.status !== 'passed' && k.status !== 'failed'));
    const blamed = new Map<CaseResult, CaseResult>();
    // The copies' own `reachable` errors are the same event the group's failure names: one problem, one row.
    for (const c of groups) blamed.set(c, { ...c, checks: c.checks.filter((k) => !(k.id === 'reachable' && k.status === 'errored')).map((k) => (GROUP_CHECKS.has(k.id) ? groupFailure(k, stop) : k)) });
    if (groups.length === 0) for (const c of suspects) if (droppedOn(c)) blamed.set(c, { ...c, checks: c.checks.map((k) => (k.id === 'reachable' && k.status === 'errored' ? dropFailure(k, stop) : k)) });
    const crashedUnder = [...blamed.values()].map((c) => c.variant);
    return {
      cases: cases.map((c) => blamed.get(c) ?? c),
      stop: { ...stop, notSent: this.notSent, ...(crashedUnder.length ? { crashedUnder } : {}) },
    };
  }
}

/** One headline: when it stopped, after what, what was in flight, and what that means for the report. */
export function stopLine(stop: MerchantStop): string {
  const when = stop.at.slice(11, 19);
  // Transport messages often name their code already ("DNS lookup failed for h (ENOTFOUND)").
  const error = stop.message.includes(stop.code) ? stop.message : `${stop.message} (${stop.code})`;
  if (stop.answeredBefore === 0) return `nothing answers at ${stop.url}: ${error}. ${stop.code === 'ENOTFOUND' ? 'Is the host name right?' : 'Is it running?'}`;
  const last = stop.lastAnswer ? `; the last answer was to ${stop.lastAnswer}` : '';
  const flight = stop.inFlight.length ? `; in flight then: ${stop.inFlight.join(', ')}` : '';
  return `the merchant stopped answering at ${when} UTC after ${stop.answeredBefore} answered request${stop.answeredBefore === 1 ? '' : 's'} (${error}${last}${flight})`;
}

/** GET of the cart URL without parameters or credentials: any HTTP answer means something listens. */
export async function probeMerchant(config: XborderConfig): Promise<boolean> {
  const url = merchantUrl(config, config.merchant.cartPath).toString();
  for (let n = 0; n < PROBE_TRIES; n++) {
    await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    const exchange = await outsideLedger(() => send({ method: 'GET', url, headers: { Accept: 'application/json' } }, { ...config.http, ...PROBE_SETTINGS }));
    // Connected but slow is not gone: the cases judge a slow merchant themselves (within-timeout).
    if (exchange.response || (exchange.error && !UNREACHABLE.has(exchange.error.code))) return true;
  }
  return false;
}

/** A group's check when the merchant went down under its copies. */
function groupFailure(check: CheckResult, stop: MerchantStop): CheckResult {
  return {
    id: check.id,
    status: 'failed',
    findings: [{
      message: `the merchant stopped answering while the copies were in flight (${stop.message}) and did not answer again: copies of one delivery that arrive at once must end as one, not take the merchant down`,
      expected: 'every copy answered, one order (or refund) kept',
      actual: `the merchant went down (${stop.code})`,
    }],
  };
}

/** `reachable` of a request the merchant dropped as it went down. */
function dropFailure(check: CheckResult, stop: MerchantStop): CheckResult {
  return {
    id: check.id,
    status: 'failed',
    findings: [{
      message: `the merchant dropped this request and stopped answering (${stop.message}); it did not answer again: it crashed or went away under it, or under a request beside it (${stop.inFlight.length} in flight)`,
      expected: 'an answer',
      actual: `the merchant went down (${stop.code})`,
    }],
  };
}

/** Errors of a request the merchant had taken and then dropped (a refused one never reached it). */
const DROPPED = new Set(['ECONNRESET', 'EPIPE']);

/** True when the case's own request reached the merchant and was dropped without an answer. */
function droppedOn(c: CaseResult): boolean {
  return c.checks.some((k) => k.id === 'reachable' && k.status === 'errored' && k.findings.some((f) => typeof f.actual === 'string' && DROPPED.has(f.actual)));
}

function labelOf(tag: unknown): string {
  return typeof tag === 'object' && tag !== null && typeof (tag as Task).label === 'string' ? (tag as Task).label : 'a request';
}

/**
 * The merchant's URL as a headline names it: origin and path, without a query or user info, which
 * may hold a credential (masked, a query value would run into the words after it).
 */
function shownUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return baseUrl;
  }
}

/**
 * Progress of a merchant run on stderr (never stdout: `--json` output stays clean). On a TTY: one
 * line rewritten twice a second once the run is past a second, cleared when done. Elsewhere (a pipe,
 * a CI log): one plain line at most every 10 s, so a run against a hung merchant is never silent.
 * Both say the steps done of the total (known at the start), cases and failures so far, and the
 * slowest step in flight.
 */
import type { InFlight, ProgressEvent } from '../engine/run-plan.js';
import type { RequestLedger } from '../http/ledger.js';
import type { Output } from './output.js';
import { urlPath } from '../http/url.js';

/** Handle to update and stop the progress line. */
export interface Progress {
  update(event: ProgressEvent): void;
  stop(): void;
}

/** How long a run goes before the line appears, and how often it is redrawn. */
const SHOW_AFTER_MS = 1000;
const TICK_MS = 500;

/** Options of startProgress. */
export interface ProgressOptions {
  enabled?: boolean;
  stream?: NodeJS.WriteStream;
  /** The steps in flight, kept by the runner: the line names the slowest. */
  inFlight?: ReadonlySet<InFlight>;
  /** Outside a TTY: at most one plain line per this many milliseconds (default 10 s). */
  intervalMs?: number;
  /** The run's requests: the line names the one waiting longest, against `timeoutMs`. */
  ledger?: RequestLedger;
  /** The request timeout the waiting request is measured against. */
  timeoutMs?: number;
}

/**
 * "GET /get-checkout-cart-info-url (cart GET [header]) waiting 30 s of the 300 s timeout (--timeout
 * 30s to shorten it)": the request in flight the longest, or undefined. Its path only: a query may
 * carry a credential, and the step's label says which case it is.
 */
export function waitingLine(ledger: RequestLedger | undefined, timeoutMs: number | undefined, now: number, brief = false): string | undefined {
  const oldest = ledger?.inFlight()[0];
  if (!oldest) return undefined;
  const seconds = Math.floor((now - oldest.since) / 1000);
  const request = `${oldest.spec.method} ${urlPath(oldest.spec.url)}`;
  // A TTY line is one row of the terminal: the request, how long of how long, and the flag.
  if (brief) return `${request} waiting ${seconds}${timeoutMs === undefined ? '' : `/${formatSeconds(timeoutMs)}`} (--timeout 30s)`;
  const label = typeof oldest.tag === 'object' && oldest.tag !== null && 'label' in oldest.tag ? ` (${String(oldest.tag.label)})` : '';
  const timeout = timeoutMs === undefined ? '' : ` of the ${formatSeconds(timeoutMs)} timeout (--timeout 30s to shorten it)`;
  return `${request}${label} waiting ${seconds} s${timeout}`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** "order order-full [header] 42s": the step in flight the longest, or undefined. */
function slowest(inFlight: ReadonlySet<InFlight> | undefined, now: number): string | undefined {
  let oldest: InFlight | undefined;
  for (const f of inFlight ?? []) if (!oldest || f.since < oldest.since) oldest = f;
  return oldest ? `${oldest.label} ${Math.floor((now - oldest.since) / 1000)}s` : undefined;
}

/** Starts progress for `total` steps (plan tasks); a handle that does nothing when disabled. */
export function startProgress(output: Output, total: number, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.enabled === false) return { update: () => undefined, stop: () => undefined };
  const tty = stream.isTTY === true;
  const every = tty ? TICK_MS : Math.max(1, options.intervalMs ?? PLAIN_PROGRESS_INTERVAL_MS);
  const started = Date.now();
  let next = started + (tty ? SHOW_AFTER_MS : every);
  let last: ProgressEvent = { done: 0, total, label: '', cases: 0, failed: 0 };
  let shown = false;
  let stopped = false;
  const draw = () => {
    const now = Date.now();
    if (stopped || now < next) return;
    next = now + (tty ? 0 : every);
    const seconds = Math.floor((now - started) / 1000);
    const cases = last.cases ?? 0;
    const failed = last.failed ? `, ${last.failed} failed` : '';
    const request = waitingLine(options.ledger, options.timeoutMs, now);
    const waiting = request ?? slowest(options.inFlight, now);
    if (!tty) {
      const line = `xborder: ${last.done} of ${last.total} steps done, ${cases} case${cases === 1 ? '' : 's'}${failed}, ${seconds}s${request ? `; ${request}` : waiting ? `; slowest in flight: ${waiting}` : ''}`;
      // Merchant-free text, but masked all the same: a step's label may carry a configured value.
      stream.write(`${output.mask(line)}\n`);
      return;
    }
    shown = true;
    const doing = waitingLine(options.ledger, options.timeoutMs, now, true) ?? waiting ?? last.label;
    const line = `[${last.done}/${last.total}] ${seconds}s${doing ? ` ${doing}` : ''}${cases ? ` (${cases} case${cases === 1 ? '' : 's'}${failed})` : ''}`;
    // A pty without a size reports 0 columns: fall back to 80 rather than cutting everything.
    const width = Math.max(20, (stream.columns || 80) - 1);
    // Masked whole, then cut to the width: a cut first would leave a piece of a secret.
    stream.write(`\r\x1b[2K${output.mask(line).slice(0, width)}`);
  };
  const timer = setInterval(draw, Math.min(every, TICK_MS));
  timer.unref();
  return {
    update(event) {
      if (stopped) return;
      last = event;
      if (tty) draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}

/** What a counting progress display shows: work done so far, and the total when known. */
export interface CountSnapshot {
  /** Items done (documents validated). */
  count: number;
  /** Bytes read, and of how many, when every input's size is known. */
  bytes?: number;
  totalBytes?: number;
  /** Files finished, of how many (shown when more than one). */
  filesDone?: number;
  files?: number;
}

/** Handle of a counting progress display. */
export interface CountProgress {
  /** Draws now if a line is due (for callers that keep the event loop busy between timer ticks). */
  poll(): void;
  stop(): void;
}

/** Options of startCountProgress. */
export interface CountProgressOptions {
  stream?: NodeJS.WriteStream;
  /** Outside a TTY: at most one plain line per this many milliseconds (default 10 s). */
  intervalMs?: number;
  /** The noun counted ("documents"). */
  noun?: string;
}

/** The default spacing of plain progress lines outside a TTY: a CI log hears from a long run. */
export const PLAIN_PROGRESS_INTERVAL_MS = 10_000;

/** XBORDER_PROGRESS_INTERVAL_MS: the spacing of plain progress lines (tests shorten it); unset or invalid: the default. */
export function progressIntervalFromEnv(env: Record<string, string | undefined> = process.env): number | undefined {
  const value = env.XBORDER_PROGRESS_INTERVAL_MS;
  const ms = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(ms) && ms >= 1 ? ms : undefined;
}

/**
 * Progress of a bulk run whose size is counted as it goes. On a TTY (stderr): a bar (when the total
 * is known) with count and rate, redrawn twice a second once the run is past a second, cleared when
 * done. Elsewhere (a pipe, a CI log): one plain line at most every `intervalMs` with the count and
 * rate, so a long run is never silent; a run shorter than that prints nothing.
 */
export function startCountProgress(output: Output, read: () => CountSnapshot, options: CountProgressOptions = {}): CountProgress {
  const stream = options.stream ?? process.stderr;
  const tty = stream.isTTY === true;
  const every = tty ? TICK_MS : Math.max(1, options.intervalMs ?? PLAIN_PROGRESS_INTERVAL_MS);
  const noun = options.noun ?? 'documents';
  const started = Date.now();
  let next = started + (tty ? SHOW_AFTER_MS : every);
  let shown = false;
  let stopped = false;
  const draw = (): void => {
    const now = Date.now();
    if (stopped || now < next) return;
    next = now + every;
    const snap = read();
    const seconds = Math.max(0.001, (now - started) / 1000);
    const rate = Math.round(snap.count / seconds);
    const files = snap.files !== undefined && snap.files > 1 ? `, ${snap.filesDone ?? 0} of ${snap.files} files` : '';
    const fraction = snap.totalBytes ? Math.min(1, (snap.bytes ?? 0) / snap.totalBytes) : undefined;
    const counted = `${snap.count.toLocaleString('en-US')} ${noun}${files}, ${rate.toLocaleString('en-US')} ${noun}/s`;
    if (!tty) {
      const percent = fraction === undefined ? '' : ` (${Math.floor(fraction * 100)}% read)`;
      stream.write(output.mask(`xborder: validated ${counted}${percent}, ${Math.floor(seconds)}s\n`));
      return;
    }
    shown = true;
    const bar = fraction === undefined ? '' : `[${'#'.repeat(Math.round(fraction * 20)).padEnd(20, '.')}] ${Math.floor(fraction * 100)}% `;
    const width = Math.max(20, (stream.columns || 80) - 1);
    stream.write(`\r\x1b[2K${output.mask(`${bar}${counted}`).slice(0, width)}`);
  };
  const timer = setInterval(draw, Math.min(every, TICK_MS));
  timer.unref();
  return {
    poll: draw,
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}

/**
 * A progress line on stderr for runs longer than a second, only when stderr is a TTY (so never in a
 * pipe or CI log, and never on stdout: `--json` output stays clean). It rewrites one line, ticks
 * every half second so a slow merchant never looks like a hung tool, and is cleared when done.
 */
import type { ProgressEvent } from '../engine/run-plan.js';
import type { Output } from './output.js';

/** Handle to update and stop the progress line. */
export interface Progress {
  update(event: ProgressEvent): void;
  stop(): void;
}

/** How long a run goes before the line appears, and how often it is redrawn. */
const SHOW_AFTER_MS = 1000;
const TICK_MS = 500;

/** Starts a progress line for `total` tasks if enabled and `stream` is a TTY; else a handle that does nothing. */
export function startProgress(output: Output, total: number, options: { enabled?: boolean; stream?: NodeJS.WriteStream } = {}): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.enabled === false || !stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const started = Date.now();
  let last: ProgressEvent = { done: 0, total, label: '' };
  let shown = false;
  const draw = () => {
    const elapsed = Date.now() - started;
    if (elapsed < SHOW_AFTER_MS) return;
    shown = true;
    const line = `[${last.done}/${last.total}] ${Math.floor(elapsed / 1000)}s${last.label ? ` ${last.label}` : ''}`;
    // A pty without a size reports 0 columns: fall back to 80 rather than cutting everything.
    const width = Math.max(20, (stream.columns || 80) - 1);
    // Masked whole, then cut to the width: a cut first would leave a piece of a secret.
    stream.write(`\r\x1b[2K${output.mask(line).slice(0, width)}`);
  };
  const timer = setInterval(draw, TICK_MS);
  timer.unref();
  let stopped = false;
  return {
    update(event) {
      if (stopped) return;
      last = event;
      draw();
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

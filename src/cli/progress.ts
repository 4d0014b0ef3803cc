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

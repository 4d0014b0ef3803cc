/**
 * A progress line on stderr for runs longer than a second, only on a TTY and never in --json mode's
 * stdout. It rewrites one line and clears it when done.
 */
import type { ProgressEvent } from '../engine/run-plan.js';
import type { Output } from './output.js';

/** Handle to update and stop the progress line. */
export interface Progress {
  update(event: ProgressEvent): void;
  stop(): void;
}

/** Starts a progress line if stderr is a TTY; otherwise returns a handle that does nothing. */
export function startProgress(output: Output, enabled: boolean, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!enabled || !stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const started = Date.now();
  let shown = false;
  let stopped = false;
  return {
    update(event) {
      if (stopped || Date.now() - started < 1000) return;
      shown = true;
      const line = `[${event.done}/${event.total}] ${event.label}`.slice(0, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[2K${output.mask(line)}`);
    },
    stop() {
      if (shown && !stopped) stream.write('\r\x1b[2K');
      stopped = true;
    },
  };
}

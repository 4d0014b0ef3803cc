/**
 * Ctrl-C (SIGINT) and CI's SIGTERM during a run: the first one aborts a signal, so the run stops
 * starting requests, lets those in flight finish for a few seconds, and reports what finished
 * (marked partial, exit 130). A second one quits at once, as the signal's default would.
 */

/** The watch over one run's interrupts. */
export interface InterruptWatch {
  /** Aborted by the first SIGINT or SIGTERM. */
  signal: AbortSignal;
  /** The signal's name once one arrived. */
  received(): NodeJS.Signals | undefined;
  /** Stops listening (the default handling applies again). */
  dispose(): void;
}

/** The exit code of a run cut short by a signal, as shells report SIGINT (128 + 2). */
export const INTERRUPTED_EXIT_CODE = 130;

/** Starts listening for SIGINT and SIGTERM; `say` tells the user once what happens next. */
export function watchInterrupt(say: (line: string) => void, graceMs: number): InterruptWatch {
  const controller = new AbortController();
  let got: NodeJS.Signals | undefined;
  const onSignal = (name: NodeJS.Signals) => {
    if (got) {
      // The second interrupt: the user does not want to wait for the grace period.
      dispose();
      process.kill(process.pid, name);
      return;
    }
    got = name;
    say(`xborder: ${name === 'SIGINT' ? 'interrupted' : 'terminated'} (${name}): no new requests; those in flight get ${Math.round(graceMs / 1000)} s, then the finished cases are reported and saved. Again to quit at once.\n`);
    controller.abort(new Error(name));
  };
  const dispose = () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal: controller.signal, received: () => got, dispose };
}

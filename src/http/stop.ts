/**
 * The switch an interrupted run throws once its grace period is over: from then on `send` refuses to
 * start a request, so a sequence still running (its answer no longer awaited) cannot go on sending
 * after the user asked the run to stop.
 */
let stopped = false;

/** No request starts after this call (for the rest of the process). */
export function stopSending(): void {
  stopped = true;
}

/** True once stopSending was called. */
export function sendingStopped(): boolean {
  return stopped;
}

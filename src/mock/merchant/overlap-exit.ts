/**
 * The `exit-on-concurrent` fault: the merchant's process dies when two deliveries of one order
 * overlap, as a Go service does whose orders map is written without a lock (the runtime's "fatal
 * error: concurrent map writes" ends the process, and no recover() catches it). After it nothing
 * listens on the merchant's port: every later request of the run is refused, which is what a
 * platform meets when such a merchant is delivered the same order twice at once.
 */
import { RaceWindow } from './race-faults.js';

/**
 * Runs deliveries per OrderId without a lock, and calls `die` when one arrives while another of the
 * same order is still being handled. Each delivery's slow part (a fraud check, a payment call)
 * lasts until no copy has arrived for RACE_QUIET_MS, so copies sent at once overlap whatever the
 * machine's load, and a copy sent after an answer never does.
 */
export class OverlapTrap {
  private readonly inFlight = new Set<string>();
  private readonly window = new RaceWindow();

  constructor(private readonly die: (orderId: string) => void) {}

  /** Handles one delivery of `orderId`; an overlap kills the merchant and the delivery is never answered. */
  async run<T>(orderId: string, task: () => Promise<T>): Promise<T> {
    // A body without an OrderId is refused before any map is written: no two of them collide.
    if (orderId === '') return task();
    if (this.inFlight.has(orderId)) {
      this.die(orderId);
      // The process is gone: no answer ever comes (in-process, the server has closed the connection).
      return new Promise<T>(() => undefined);
    }
    this.inFlight.add(orderId);
    try {
      await this.window.pause(orderId);
      return await task();
    } finally {
      this.inFlight.delete(orderId);
    }
  }
}

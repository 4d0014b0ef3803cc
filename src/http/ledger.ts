/**
 * The requests of a run as they go: which are in flight, since when, and for which task. A run hands
 * its ledger to the code it calls through `inLedger` (an AsyncLocalStorage scope), so every `send`
 * below it, however deep, is recorded without threading the ledger through each call: the progress
 * line names the request that waits, Ctrl-C reports the requests it cut off, and a merchant that
 * stops answering is noticed from the first exchange that could not reach it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange, RequestSpec } from '../model.js';

/** One request in flight. */
export interface LedgerEntry {
  spec: RequestSpec;
  /** Date.now() when it was sent. */
  since: number;
  /** What sent it (the plan's task), as given to `inLedger`. */
  tag: unknown;
}

/** Told of every exchange that ended, with the requests still in flight at that moment. */
export type LedgerListener = (ended: LedgerEntry, exchange: Exchange, stillInFlight: readonly LedgerEntry[]) => void;

/** The requests of one run. */
export class RequestLedger {
  private readonly open = new Set<LedgerEntry>();

  constructor(private readonly listener?: LedgerListener) {}

  /** The requests in flight now, oldest first. */
  inFlight(): LedgerEntry[] {
    return [...this.open].sort((a, b) => a.since - b.since);
  }

  /** Records a request as sent. */
  begin(spec: RequestSpec, tag: unknown): LedgerEntry {
    const entry: LedgerEntry = { spec, since: Date.now(), tag };
    this.open.add(entry);
    return entry;
  }

  /** Records its end (answered or not). */
  end(entry: LedgerEntry, exchange: Exchange): void {
    this.open.delete(entry);
    this.listener?.(entry, exchange, [...this.open]);
  }
}

interface Scope {
  ledger: RequestLedger;
  tag: unknown;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` so that every request it sends is recorded in `ledger` under `tag`. */
export function inLedger<T>(ledger: RequestLedger, tag: unknown, fn: () => T): T {
  return scope.run({ ledger, tag }, fn);
}

/** Runs `fn` with no ledger: a request of xborder's own (a liveness probe) is no request of the run. */
export function outsideLedger<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** The ledger and tag of the code running now, if any. */
export function currentLedger(): Scope | undefined {
  return scope.getStore();
}

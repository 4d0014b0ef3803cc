/**
 * Ctrl-C while the merchant keeps requests waiting: the requests still in flight when the grace
 * period ran out are the ones the user wanted to see. Each becomes an errored case ("interrupted
 * while waiting N s"), named after the step that sent it, with its request and reproduce.sh like any
 * case that could not be judged.
 */
import type { CaseResult, Endpoint } from '../model.js';
import type { Task } from '../engine/run-plan.js';
import type { LedgerEntry } from '../http/ledger.js';
import { caseResult } from '../engine/case-result.js';
import type { MerchantContext } from './context.js';
import { endpointUrl } from './unsent-cases.js';
import { urlPath } from '../http/url.js';

/** One errored case per request in `entries`, in the order they were sent. */
export function interruptedCases(ctx: MerchantContext, entries: readonly LedgerEntry[], now = Date.now()): CaseResult[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const { endpoint, variant, authMode } = caseOf(ctx, entry);
    const name = `${endpoint}|${variant}|${authMode}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const waited = Math.round((now - entry.since) / 1000);
    const message = `interrupted while waiting ${waited} s for the answer (the request was sent; no answer had come)`;
    return caseResult({
      endpoint,
      variant: n === 1 ? variant : `${variant} (copy ${n})`,
      authMode,
      exchange: { request: entry.spec, error: { code: 'INTERRUPTED', message }, durationMs: now - entry.since },
      checks: [{ id: 'reachable', status: 'errored', findings: [{ message, actual: 'INTERRUPTED' }] }],
    }, ctx);
  });
}

/** The case a request stands for: the key of its step whose endpoint it was sent to, else the step's first. */
function caseOf(ctx: MerchantContext, entry: LedgerEntry): { endpoint: Endpoint; variant: string; authMode: string } {
  const keys = ((entry.tag as Partial<Task> | undefined)?.keys ?? []).map((k) => k.split('|'));
  const path = urlPath(entry.spec.url);
  const match = keys.find(([endpoint, variant]) => urlPath(endpointUrl(ctx.config, endpoint ?? '')) === path && !(variant ?? '').startsWith('for ')) ?? keys.find(([endpoint]) => urlPath(endpointUrl(ctx.config, endpoint ?? '')) === path) ?? keys[0];
  const [endpoint = 'SendOrderToMerchant', variant = 'request', authMode = 'none'] = match ?? [];
  return { endpoint: endpoint as Endpoint, variant, authMode };
}

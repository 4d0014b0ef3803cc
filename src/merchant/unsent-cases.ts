/**
 * The cases a plan task would have reported, for a task that was not sent (its credentials were
 * refused, the merchant had stopped answering, its cart could not be had): one per key it lists, but
 * for the carts fetched for its orders (`for <variant>`), which are cases only when fetched.
 */
import type { CaseResult, CheckStatus, Endpoint, HttpMethod, XborderConfig } from '../model.js';
import type { Task } from '../engine/run-plan.js';
import { merchantUrl } from './requests.js';
import { EVENT_SPECS } from './events/bodies.js';

/** How the unsent cases are reported: skipped (nothing to judge) or errored (could not judge). */
export interface Unsent {
  status: Extract<CheckStatus, 'skipped' | 'errored'>;
  /** The whole finding: "not sent: ..." */
  message: string;
  /** The check the finding stands on (default status-200; reachable when the merchant could not be reached). */
  check?: string;
}

/** The cases `task` would have reported, each with one check saying why it was not sent. */
export function unsentCases(config: XborderConfig, task: Task, unsent: Unsent): CaseResult[] {
  return (task.keys ?? []).flatMap((key) => {
    const [endpoint = '', variant = '', authMode = ''] = key.split('|');
    if (endpoint === 'GetCheckoutCartInfo' && variant.startsWith('for ')) return [];
    const method: HttpMethod = endpoint === 'GetCheckoutCartInfo' && variant === 'GET' ? 'GET' : 'POST';
    const severity = unsent.status === 'skipped' ? { severity: 'info' as const } : {};
    return [{
      endpoint: endpoint as Endpoint,
      variant,
      authMode,
      request: { method, url: endpointUrl(config, endpoint), headers: {} },
      checks: [{ id: unsent.check ?? 'status-200', status: unsent.status, findings: [{ ...severity, message: unsent.message }] }],
    }];
  });
}

/** The URL a case of `endpoint` goes to (without the per-request parameters it was never given). */
export function endpointUrl(config: XborderConfig, endpoint: string): string {
  const event = Object.values(EVENT_SPECS).find((s) => s.endpoint === endpoint);
  const path = endpoint === 'GetCheckoutCartInfo' ? config.merchant.cartPath : event ? event.path(config) : config.merchant.orderPath;
  return merchantUrl(config, path).toString();
}

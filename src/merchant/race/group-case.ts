/**
 * The report case of a group of deliveries: one case, showing the exchange that tells the most,
 * whose checks are the group's transport (each delivery's reachable and within-timeout, merged)
 * and the group's verdict.
 */
import type { AuthConfig, CaseResult, CheckResult, CheckStatus, Endpoint, RequestSpec } from '../../model.js';
import { caseResult } from '../../engine/case-result.js';
import type { MerchantContext } from '../context.js';
import type { JudgedExchange } from '../send-judged.js';

const RANK: CheckStatus[] = ['passed', 'skipped', 'warning', 'errored', 'failed'];

/** reachable and within-timeout over every delivery: the worst status, each finding named by its delivery. */
export function groupTransport(judged: readonly { judged: JudgedExchange; label: string }[]): CheckResult[] {
  const out: CheckResult[] = [];
  for (const id of ['reachable', 'within-timeout']) {
    const checks = judged.flatMap(({ judged: j, label }) => j.checks.filter((c) => c.id === id).map((c) => ({ c, label })));
    if (checks.length === 0) continue;
    const status = checks.reduce<CheckStatus>((worst, { c }) => (RANK.indexOf(c.status) > RANK.indexOf(worst) ? c.status : worst), 'passed');
    out.push({ id, status, findings: checks.flatMap(({ c, label }) => c.findings.map((f) => ({ ...f, message: `${label}: ${f.message}` }))) });
  }
  return out;
}

/** What the group case is made of. */
export interface GroupCase {
  endpoint: Endpoint;
  variant: string;
  auth: AuthConfig;
  /** The exchange shown (request, status, body). */
  shown: JudgedExchange;
  checks: CheckResult[];
}

/** The case of a group. */
export function groupCase(ctx: MerchantContext, group: GroupCase): CaseResult {
  return caseResult({ endpoint: group.endpoint, variant: group.variant, authMode: group.auth.mode, exchange: group.shown.exchange, checks: group.checks, bodyText: group.shown.bodyText }, ctx);
}

/** A case that was not sent: the request it would have made and why it was skipped. */
export function skippedCase(endpoint: Endpoint, variant: string, auth: AuthConfig, request: RequestSpec, id: string, reason: string): CaseResult {
  return {
    endpoint,
    variant,
    authMode: auth.mode,
    request: { method: request.method, url: request.url, headers: {} },
    checks: [{ id, status: 'skipped', findings: [{ severity: 'info', message: reason }] }],
  };
}

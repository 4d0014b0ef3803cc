/** Findings -> check status: the one mapping every check of xborder uses. */
import type { CheckResult, CheckStatus, Finding } from '../model.js';

/** Any error fails, any warning warns, else passed (info never changes the status). */
export function statusOf(findings: Finding[]): CheckStatus {
  let status: CheckStatus = 'passed';
  for (const f of findings) {
    const severity = f.severity ?? 'error';
    if (severity === 'error') return 'failed';
    if (severity === 'warning') status = 'warning';
  }
  return status;
}

/**
 * A CheckResult whose status follows from its findings; keys in the order reports print them (id,
 * status, findings, then title when there is one). Two literals rather than a spread of a temporary
 * object: this runs for every check of every validated document.
 */
export function checkFrom(id: string, findings: Finding[], title?: string): CheckResult {
  const status = statusOf(findings);
  return title ? { id, status, findings, title } : { id, status, findings };
}

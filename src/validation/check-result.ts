/** The validation checks' names for the shared findings -> status mapping (src/checks/result.ts). */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from '../checks/result.js';

export { statusOf as statusOfFindings } from '../checks/result.js';

/** A CheckResult whose status follows from its findings. */
export function toCheck(id: string, title: string, findings: Finding[]): CheckResult {
  return checkFrom(id, findings, title);
}

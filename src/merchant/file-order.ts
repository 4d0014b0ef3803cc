/**
 * `post-order --file`: the user's own order, sent as given, but judged first. A file that is not a
 * valid order is still sent (people post broken orders on purpose) and must then be refused
 * (`rejects-invalid-order`); a MerchantGUID other than the configured one must be refused too
 * (`guid-enforced`). The file's own findings are shown with the case, as information: they are
 * about the file, not about the merchant.
 */
import type { CheckResult, Finding, XborderConfig } from '../model.js';
import { validatePayload } from '../validation/index.js';
import type { RefusalCase } from '../checks/refusal.js';
import { describeFinding } from '../report/finding-text.js';
import type { OrderSource } from './order-source.js';

/** The order source of a file, and what to announce before it is sent. */
export interface FileOrder {
  source: OrderSource;
  notices: string[];
}

/** Judges `order` (read from `file`) and says what the merchant must do with it. */
export function fileOrderSource(file: string, order: Record<string, unknown>, config: XborderConfig, strict: boolean): FileOrder {
  const checks = validatePayload('order', order, { strict });
  const errors = checks.flatMap((c) => c.findings.filter((f) => (f.severity ?? 'error') === 'error'));
  const shown: Finding[] = checks.flatMap((c) => c.findings.filter((f) => f.severity !== 'info').map((f): Finding => ({ ...f, severity: 'info', message: `${c.id}: ${f.message}` })));
  const fileCheck: CheckResult = { id: 'order-file', title: 'The file, judged as an order', status: 'passed', findings: shown };
  const notices: string[] = [];
  let mustRefuse: RefusalCase | undefined;
  const guid = typeof order.MerchantGUID === 'string' ? order.MerchantGUID : undefined;
  if (errors.length > 0) {
    mustRefuse = { id: 'rejects-invalid-order', what: `an order that is not valid (${describeFinding(errors[0]!)}${errors.length > 1 ? `, +${errors.length - 1} more` : ''})` };
    notices.push(`${file} is not a valid order (${errors.length} error${errors.length === 1 ? '' : 's'}); it is sent as given, and the merchant must refuse it.`);
  } else if (guid !== undefined && guid.trim().toLowerCase() !== config.merchantGUID.trim().toLowerCase()) {
    mustRefuse = { id: 'guid-enforced', what: `the file's MerchantGUID ${guid}, not the configured ${config.merchantGUID}` };
    notices.push(`${file} names MerchantGUID ${guid}, not the configured ${config.merchantGUID}; it is sent as given, and the merchant must refuse it.`);
  }
  return {
    notices,
    source: { variant: file, onCart: false, build: () => structuredClone(order), preChecks: [fileCheck], ...(mustRefuse ? { mustRefuse } : {}) },
  };
}

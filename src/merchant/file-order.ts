/**
 * `post-order --file`: the user's own order, sent as given, but judged first. A file that is not a
 * valid order is still sent (people post broken orders on purpose) and must then be refused
 * (`rejects-invalid-order`); a MerchantGUID other than the configured one must be refused too
 * (`guid-enforced`). Every error of the file is said before anything is sent (`--dry-run` stops
 * there), and shown with the case as information (`order-file`): they are about the file, not about
 * the merchant.
 */
import type { CheckResult, Finding, XborderConfig } from '../model.js';
import { validatePayload } from '../validation/index.js';
import type { RefusalCase } from '../checks/refusal.js';
import { describeFinding } from '../report/finding-text.js';
import { escapeControls } from '../report/terminal-text.js';
import type { OrderSource } from './order-source.js';

/** One error of the file, and the check (`schema`, or a rule's id) that found it. */
export interface OrderFileError {
  check: string;
  finding: Finding;
}

/** The file judged as an order, before anything is sent. */
export interface OrderFileVerdict {
  /** Every schema and rule error, in the order the checks report them. */
  errors: OrderFileError[];
  /** A valid file that names another merchant: its MerchantGUID, and the configured one. */
  foreignGuid?: { file: string; configured: string };
  /** What the merchant must refuse it as, when it must. */
  mustRefuse?: RefusalCase;
  /** The `order-file` check shown with the case: every finding but the infos, as information. */
  fileCheck: CheckResult;
}

/** Judges `order` as an order for `config`'s merchant. */
export function judgeOrderFile(order: Record<string, unknown>, config: XborderConfig, strict: boolean): OrderFileVerdict {
  const checks = validatePayload('order', order, { strict });
  const errors = checks.flatMap((c) => c.findings.filter((f) => (f.severity ?? 'error') === 'error').map((finding) => ({ check: c.id, finding })));
  const shown: Finding[] = checks.flatMap((c) => c.findings.filter((f) => f.severity !== 'info').map((f): Finding => ({ ...f, severity: 'info', message: `${c.id}: ${f.message}` })));
  const fileCheck: CheckResult = { id: 'order-file', title: 'The file, judged as an order', status: 'passed', findings: shown };
  if (errors.length > 0) {
    const first = describeFinding(errors[0]!.finding);
    return { errors, fileCheck, mustRefuse: { id: 'rejects-invalid-order', what: `an order that is not valid (${first}${errors.length > 1 ? `, +${errors.length - 1} more` : ''})` } };
  }
  const guid = typeof order.MerchantGUID === 'string' ? order.MerchantGUID : undefined;
  if (guid !== undefined && guid.trim().toLowerCase() !== config.merchantGUID.trim().toLowerCase()) {
    return { errors, fileCheck, foreignGuid: { file: guid, configured: config.merchantGUID }, mustRefuse: { id: 'guid-enforced', what: `the file's MerchantGUID ${guid}, not the configured ${config.merchantGUID}` } };
  }
  return { errors, fileCheck };
}

/** The order source that sends the file as given, with its verdict. */
export function fileOrderSource(file: string, order: Record<string, unknown>, verdict: OrderFileVerdict): OrderSource {
  return { variant: file, onCart: false, build: () => structuredClone(order), preChecks: [verdict.fileCheck], ...(verdict.mustRefuse ? { mustRefuse: verdict.mustRefuse } : {}) };
}

/**
 * What to tell the user about the file, one notice a string (lines joined by `\n`): nothing for a
 * valid file of this merchant that is about to be sent; otherwise why the merchant must refuse it,
 * with every error on a line of its own (its JSON pointer, the reason, the check). `dryRun`: the
 * file is judged instead of sent. The file's text (its name, values, property names) is escaped: it
 * is the user's or a merchant's, and must do nothing to a terminal.
 */
export function orderFileNotices(file: string, verdict: OrderFileVerdict, dryRun: boolean): string[] {
  const name = escapeControls(file);
  const refusal = (id: string) => (dryRun ? `sent as given, the merchant must refuse it (${id})` : `it is sent as given, and the merchant must refuse it (${id})`);
  const notices: string[] = [];
  const { errors, foreignGuid } = verdict;
  if (errors.length > 0) {
    const lines = errors.map(({ check, finding }) => `  ${escapeControls(describeFinding(finding))} [${check}]`);
    notices.push([`${name} is not a valid order (${errors.length} error${errors.length === 1 ? '' : 's'}); ${refusal('rejects-invalid-order')}:`, ...lines].join('\n'));
  } else if (foreignGuid !== undefined) {
    notices.push(`${name} names MerchantGUID ${escapeControls(foreignGuid.file)}, not the configured ${escapeControls(foreignGuid.configured)}; ${refusal('guid-enforced')}.`);
  } else if (dryRun) {
    notices.push(`${name} is a valid order.`);
  }
  if (dryRun) notices.push('Nothing was sent (--dry-run).');
  return notices;
}

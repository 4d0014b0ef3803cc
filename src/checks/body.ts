/**
 * `content-type-json` and `json-body`: a success answer must be JSON, labelled as JSON (an error
 * answer's body is only described). The body reading
 * itself (caps, UTF-8, HTML pages, parse positions) is the http layer's readJsonBody.
 */
import type { CheckResult, Exchange, Finding } from '../model.js';
import { readJsonBody } from '../http/body.js';
import { checkFrom } from './result.js';

/** The parsed body (when it parsed) and the two checks. */
export interface BodyVerdict {
  json?: unknown;
  text: string;
  checks: CheckResult[];
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * Judges the response body of an answered exchange. `describeErrorBodies`: a merchant's error answer
 * (any non-2xx) only has its body described; the platform's errors are documented as ErrorInfo JSON,
 * so there a broken error body is still a failure.
 */
export function judgeJsonBody(exchange: Exchange, options: { describeErrorBodies?: boolean } = {}): BodyVerdict {
  const response = exchange.response!;
  const contentType = response.headers['content-type'] ?? '';
  const { json, text, findings } = readJsonBody(response);
  const typeOk = JSON_TYPE.test(contentType);
  const contentTypeCheck = checkFrom('content-type-json', typeOk ? [] : [{ message: 'the response is not labelled as JSON', expected: 'application/json', actual: contentType || '(no Content-Type)' }]);
  // readJsonBody also comments on the content type; that is content-type-json's job here.
  const bodyFindings = findings.filter((f) => !/content[- ]type/i.test(f.message));
  if (!options.describeErrorBodies || (response.status >= 200 && response.status < 300)) return { json, text, checks: [contentTypeCheck, checkFrom('json-body', bodyFindings)] };
  // An error status is already the verdict (status-200, or a refusal check); the error bodies real
  // merchants send (none at all, an HTML crash page, a framework's JSON) are read for what they say,
  // not failed a second time for not being a ResponseInfo.
  const asInfo = (fs: Finding[]) => fs.map((f): Finding => ({ ...f, severity: 'info' }));
  return { json, text, checks: [{ ...contentTypeCheck, status: 'passed', findings: asInfo(contentTypeCheck.findings) }, checkFrom('json-body', asInfo(bodyFindings))] };
}

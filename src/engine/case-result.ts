/**
 * Turns an exchange and its checks into a CaseResult: the request as sent, status and time, and
 * for failed cases (or -v) the response body excerpt and a curl reproduction, masked.
 */
import type { CaseResult, CheckResult, Endpoint, Exchange } from '../model.js';
import { toCurl } from '../http/curl.js';

/** The bits of a case the caller decides. */
export interface CaseInput {
  endpoint: Endpoint;
  variant: string;
  authMode: string;
  exchange: Exchange;
  checks: CheckResult[];
  /** Response body as text, when there was one. */
  bodyText?: string;
}

/** Longest body kept on a case for the report (the report truncates further unless -v). */
const BODY_KEEP = 64 * 1024;

/** Builds the CaseResult; curl and bodies only where they help (failed, errored, or verbose). */
export function caseResult(input: CaseInput, options: { verbose: boolean; mask: (s: string) => string }): CaseResult {
  const { exchange } = input;
  const request = exchange.request;
  const bad = input.checks.some((c) => c.status === 'failed' || c.status === 'errored');
  const result: CaseResult = {
    endpoint: input.endpoint,
    variant: input.variant,
    authMode: input.authMode,
    request: { method: request.method, url: request.url, headers: { ...request.headers } },
    // Key order as the contract prints it: request, response, checks.
    ...(exchange.response ? { response: { status: exchange.response.status, durationMs: Math.round(exchange.durationMs) } } : {}),
    checks: input.checks,
  };
  if (bad) result.curl = toCurl(request, options.mask);
  if ((bad || options.verbose) && input.bodyText !== undefined) result.responseBody = input.bodyText.slice(0, BODY_KEEP);
  if (options.verbose) {
    if (request.body !== undefined) result.requestBody = request.body.slice(0, BODY_KEEP);
    if (exchange.response) result.responseHeaders = { ...exchange.response.headers };
  }
  return result;
}

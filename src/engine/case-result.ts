/**
 * Turns an exchange and its checks into a CaseResult: the request as sent, status and time, and
 * for failed cases (or -v) the response body excerpt and a curl reproduction, masked.
 */
import type { CaseResult, CheckResult, Endpoint, Exchange, RequestSpec } from '../model.js';
import { toCurl } from '../http/curl.js';
import { judgeErrorLeaks } from '../checks/error-leaks.js';

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

/**
 * A body as the case keeps it: masked on its whole length first, then cut (a cut before masking
 * would leave a piece of a secret no rule recognises). A body cut at --max-body ends with `…`, so a
 * secret the cap cut in two is masked as the piece it is.
 */
function kept(text: string, mask: (s: string) => string, capped: boolean): string {
  const masked = mask(capped ? `${text}…` : text);
  return masked.length > BODY_KEEP ? masked.slice(0, BODY_KEEP) : masked;
}

/** How cases are built: masking, -v, and the reproduction script of a failed case. */
export interface CaseOptions {
  verbose: boolean;
  mask: (s: string) => string;
  /** reproduce.sh text for a request (credentials as environment references), for failed cases. */
  reproduce?: (request: RequestSpec, title: string) => string;
  /** Lenient findings fail (error-leaks-internals too). */
  strict?: boolean;
}

/** Builds the CaseResult; curl, script and bodies only where they help (failed, errored, or verbose). */
export function caseResult(caseInput: CaseInput, options: CaseOptions): CaseResult {
  // Every error answer of a merchant endpoint, whatever case sent it, is read for leaked internals;
  // a case that only says why it was not judged shows another case's exchange, already read there.
  const judged = caseInput.endpoint !== 'Storefront' && caseInput.checks.some((c) => c.status !== 'skipped');
  const leaks = judged ? judgeErrorLeaks(caseInput.exchange, { strict: options.strict, mask: options.mask }) : undefined;
  const input = leaks ? { ...caseInput, checks: [...caseInput.checks, leaks] } : caseInput;
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
  if (bad) {
    result.curl = toCurl(request, options.mask);
    const failing = input.checks.filter((c) => c.status === 'failed' || c.status === 'errored').map((c) => `${c.id} ${c.status}`);
    if (options.reproduce) result.reproduce = options.reproduce(request, `xborder: ${input.endpoint} ${input.variant} [auth ${input.authMode}]: ${failing.join(', ')}`);
  }
  if ((bad || options.verbose) && input.bodyText !== undefined) result.responseBody = kept(input.bodyText, options.mask, exchange.response?.truncated === true);
  if (bad || options.verbose) {
    // A failed case keeps its whole request body (masked): the run folder's reproduce.sh posts it.
    if (request.body !== undefined) result.requestBody = bad ? options.mask(request.body) : kept(request.body, options.mask, false);
    if (exchange.response) result.responseHeaders = { ...exchange.response.headers };
  }
  return result;
}

/**
 * The one way xborder posts to a platform-hosted endpoint and judges the answer: transport, HTTP
 * 200 (an ErrorInfo answer says why not), a JSON body, the documented schema of the success answer
 * when there is one, `error-info` for an error answer, and the user's own schema when given.
 */
import type { CaseResult, CheckResult, Endpoint, Exchange, XborderConfig } from '../model.js';
import { send } from '../http/send.js';
import { toCurl } from '../http/curl.js';
import { judgeStatus200, judgeTransport } from '../checks/transport.js';
import { judgeJsonBody } from '../checks/body.js';
import { judgePayload } from '../checks/payload.js';
import { checkFrom } from '../checks/result.js';
import { validateWithSchema } from '../validation/user-schema.js';
import type { PayloadKind } from '../validation/index.js';
import { describeErrorInfo, recognizeErrorInfo, type ErrorInfoBody } from './error-info.js';
import { platformRequest, type GuidPlacement } from './request.js';

/** A JSON Schema the user brought, and where it came from (for messages). */
export interface UserSchema {
  doc: unknown;
  source: string;
}

/** One POST to make. */
export interface PlatformPost {
  endpoint: Endpoint;
  /** The case's variant in reports (operation id, card id). */
  variant: string;
  url: string;
  body: unknown;
  /** The body as reports may show it (secrets replaced); defaults to `body`. */
  shownBody?: unknown;
  guidIn: GuidPlacement;
  /** Payload kind of a documented HTTP 200 answer. */
  successKind?: PayloadKind;
  userSchema?: UserSchema;
}

/** A judged POST. */
export interface PlatformResult {
  caseResult: CaseResult;
  exchange: Exchange;
  /** The parsed response body, when it parsed. */
  json?: unknown;
  /** The ErrorInfo of an error answer. */
  errorInfo?: ErrorInfoBody;
}

/** Sends `post` and judges the answer. Never throws for network problems. */
export async function postToPlatform(post: PlatformPost, config: XborderConfig): Promise<PlatformResult> {
  const spec = platformRequest(post.url, JSON.stringify(post.body), config.merchantGUID, post.guidIn);
  const exchange = await send(spec, config.http);
  const verdict = judgePlatformAnswer(exchange, config.http.timeoutMs, post);
  const shownBody = JSON.stringify(post.shownBody ?? post.body);
  const broken = verdict.checks.some((c) => c.status === 'failed' || c.status === 'errored');
  const caseResult: CaseResult = {
    endpoint: post.endpoint,
    variant: post.variant,
    authMode: `merchant-guid (${post.guidIn})`,
    request: { method: spec.method, url: spec.url, headers: spec.headers },
    ...(exchange.response ? { response: { status: exchange.response.status, durationMs: exchange.durationMs } } : {}),
    checks: verdict.checks,
    requestBody: JSON.stringify(post.shownBody ?? post.body, null, 2),
    // Built from the shown body: the reproduction carries no PIN; the report masks the rest.
    ...(broken ? { curl: toCurl({ ...spec, body: shownBody }, (s) => s) } : {}),
    // The answer is what a platform call is for: it is part of the case, not only on failure.
    // A body cut at --max-body ends with `…`: the redactor then masks a secret the cap cut in two.
    ...(verdict.text !== undefined ? { responseBody: exchange.response?.truncated ? `${verdict.text}…` : verdict.text } : {}),
    ...(exchange.response ? { responseHeaders: exchange.response.headers } : {}),
  };
  return {
    caseResult,
    exchange,
    ...(verdict.json !== undefined ? { json: verdict.json } : {}),
    ...(verdict.errorInfo ? { errorInfo: verdict.errorInfo } : {}),
  };
}

/** The checks of a platform answer. */
export function judgePlatformAnswer(
  exchange: Exchange,
  timeoutMs: number,
  expect: { successKind?: PayloadKind; userSchema?: UserSchema },
): { checks: CheckResult[]; json?: unknown; text?: string; errorInfo?: ErrorInfoBody } {
  const transport = judgeTransport(exchange, timeoutMs);
  if (!transport.answered) return { checks: transport.checks };
  const status = exchange.response!.status;
  const body = judgeJsonBody(exchange);
  const errorInfo = status !== 200 ? recognizeErrorInfo(body.json) : undefined;
  // A refusal with an ErrorInfo says why in the status check itself, where a reader looks first.
  const statusCheck = errorInfo
    ? checkFrom('status-200', [{ message: `the platform answered with an error: ${describeErrorInfo(errorInfo)}`, expected: 200, actual: status }])
    : judgeStatus200(exchange);
  const checks = [...transport.checks, statusCheck, ...body.checks];
  if (body.json !== undefined) {
    if (errorInfo) checks.push(...judgePayload('error-info', body.json, false));
    else if (status === 200 && expect.successKind) checks.push(...judgePayload(expect.successKind, body.json, false));
    if (expect.userSchema) {
      const { doc, source } = expect.userSchema;
      checks.push(checkFrom('user-schema', validateWithSchema(doc, body.json, source), `schema ${source}`));
    }
  }
  return { checks, text: body.text, ...(body.json !== undefined ? { json: body.json } : {}), ...(errorInfo ? { errorInfo } : {}) };
}

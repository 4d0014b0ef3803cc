/**
 * The common first half of every positive case: apply auth, send, judge transport, status and body.
 * Returns what later checks need (parsed body) so each case only adds its own checks.
 */
import type { AuthConfig, CheckResult, Exchange, RequestSpec } from '../model.js';
import { applyAuth } from '../auth/index.js';
import { send } from '../http/send.js';
import { judgeTransport, judgeStatus200 } from '../checks/transport.js';
import { judgeJsonBody } from '../checks/body.js';
import type { MerchantContext } from './context.js';
import { endpointAnswers } from './endpoint-answers.js';

/** An exchange judged up to its JSON body. `json` is set only when the body parsed. */
export interface JudgedExchange {
  exchange: Exchange;
  checks: CheckResult[];
  answered: boolean;
  json?: unknown;
  bodyText?: string;
}

/** Sends `spec` with `auth` applied and judges reachability, timing, and the JSON body. */
export async function sendJudged(ctx: MerchantContext, spec: RequestSpec, auth: AuthConfig, options: JudgeOptions): Promise<JudgedExchange> {
  const authed = await applyAuth(spec, auth);
  return judgeExchange(ctx, await send(authed, ctx.config.http), { authMode: auth.mode, ...options });
}

/** How an answer is judged: whether only HTTP 200 will do, and what explains a wrong status. */
export interface JudgeOptions {
  expect200: boolean;
  authMode?: string;
  /** A likely cause to name when the status is wrong. */
  hint?: string;
}

/** Judges an exchange that was already sent (negative variants send their own requests). */
export function judgeExchange(ctx: MerchantContext, exchange: Exchange, options: JudgeOptions): JudgedExchange {
  endpointAnswers(ctx).note(exchange);
  const transport = judgeTransport(exchange, ctx.config.http.timeoutMs);
  if (!transport.answered) return { exchange, checks: transport.checks, answered: false };
  const checks = [...transport.checks];
  const body = judgeJsonBody(exchange, { describeErrorBodies: true });
  if (options.expect200) checks.push(judgeStatus200(exchange, { authMode: options.authMode, json: body.json, hint: options.hint }));
  checks.push(...body.checks);
  return { exchange, checks, answered: true, json: body.json, bodyText: body.text };
}

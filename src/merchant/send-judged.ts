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

/** An exchange judged up to its JSON body. `json` is set only when the body parsed. */
export interface JudgedExchange {
  exchange: Exchange;
  checks: CheckResult[];
  answered: boolean;
  json?: unknown;
  bodyText?: string;
}

/** Sends `spec` with `auth` applied and judges reachability, timing, and the JSON body. */
export async function sendJudged(ctx: MerchantContext, spec: RequestSpec, auth: AuthConfig, options: { expect200: boolean }): Promise<JudgedExchange> {
  const authed = await applyAuth(spec, auth);
  return judgeExchange(ctx, await send(authed, ctx.config.http), options);
}

/** Judges an exchange that was already sent (negative variants send their own requests). */
export function judgeExchange(ctx: MerchantContext, exchange: Exchange, options: { expect200: boolean }): JudgedExchange {
  const transport = judgeTransport(exchange, ctx.config.http.timeoutMs);
  if (!transport.answered) return { exchange, checks: transport.checks, answered: false };
  const checks = [...transport.checks];
  if (options.expect200) checks.push(judgeStatus200(exchange));
  const body = judgeJsonBody(exchange);
  checks.push(...body.checks);
  return { exchange, checks, answered: true, json: body.json, bodyText: body.text };
}

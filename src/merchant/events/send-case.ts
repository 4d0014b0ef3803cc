/** `xborder send EVENT`: one lifecycle call, as given, in an auth mode, judged as one that must be accepted. */
import type { AuthConfig, CaseResult, LifecycleEvent } from '../../model.js';
import { judgePayment } from '../../checks/payment.js';
import { caseResult } from '../../engine/case-result.js';
import type { MerchantContext } from '../context.js';
import { EVENT_SPECS } from './bodies.js';
import { sendAccepted } from './send-event.js';

/** A call to send: the event and how to build its body. */
export interface EventSend {
  event: LifecycleEvent;
  variant: string;
  build(): Record<string, unknown>;
}

/** Sends the call with `auth` and reports it. */
export async function runSendCase(ctx: MerchantContext, send: EventSend, auth: AuthConfig): Promise<CaseResult> {
  const spec = EVENT_SPECS[send.event];
  const body = send.build();
  const sent = await sendAccepted(ctx, spec, body, auth);
  const checks = send.event === 'payment' && sent.accepted ? [...sent.checks, ...judgePayment(body, sent.info)] : sent.checks;
  return caseResult({ endpoint: spec.endpoint, variant: send.variant, authMode: auth.mode, exchange: sent.exchange, checks }, ctx);
}

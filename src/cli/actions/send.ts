/**
 * `xborder send EVENT`: `order` is post-order; the lifecycle calls send a sample (made this
 * merchant's, with --order-id / --merchant-order-id) or a file (as given), with --set changes, in
 * every configured auth mode, judged as calls that must be accepted.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { LifecycleEvent } from '../../model.js';
import { readJsonFile } from '../../io/parse-json.js';
import { listSamples, loadSample, type SampleKind } from '../../samples/catalog.js';
import { applyOverrides } from '../../samples/override.js';
import { EVENT_SPECS } from '../../merchant/events/bodies.js';
import type { EventSend } from '../../merchant/events/send-case.js';
import { runMerchantCommand, type MerchantRunOptions } from '../merchant-run.js';
import { runPostOrder, type PostOrderOptions } from './check.js';

const EVENTS = Object.keys(EVENT_SPECS) as LifecycleEvent[];

/** The sample kind of each event (see samples/index.json). */
const SAMPLE_KIND: Record<LifecycleEvent, SampleKind> = {
  payment: 'payment-request',
  status: 'status-update',
  'shipping-info': 'shipping-info',
  documents: 'documents',
  refund: 'refund',
};

/** Options of `send`. */
export interface SendOptions extends MerchantRunOptions {
  file?: string;
  sample?: string;
  set?: string[];
  orderId?: string;
  merchantOrderId?: string;
  /** `--dry-run`: only `send order --file` takes it (see post-order). */
  dryRun?: boolean;
}

/** Runs `send EVENT`. */
export async function run(event: string, opts: SendOptions, cmd: Command): Promise<number> {
  if (event === 'order') return runPostOrder(opts as PostOrderOptions, cmd);
  if (!(EVENTS as string[]).includes(event)) throw new UsageError(`send: unknown event "${event}"; one of: order, ${EVENTS.join(', ')}.`);
  if (opts.dryRun) throw new UsageError(`--dry-run judges an order file without sending it (send order --file F --dry-run); send ${event} has no dry run.`);
  const kind = SAMPLE_KIND[event as LifecycleEvent];
  if (opts.file && opts.sample) throw new UsageError('Give either --file or --sample, not both.');
  let body: Record<string, unknown>;
  let variant: string;
  if (opts.file) {
    const doc = await readJsonFile(opts.file);
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new UsageError(`${opts.file}: the body must be a JSON object.`);
    body = doc as Record<string, unknown>;
    variant = opts.file;
  } else {
    const name = opts.sample ?? listSamples().find((s) => s.kind === kind)?.name;
    if (!name) throw new UsageError(`send ${event}: no built-in sample of kind ${kind}; give --file.`);
    body = loadSample(name) as Record<string, unknown>;
    variant = name;
  }
  const fromSample = !opts.file;
  return runMerchantCommand(opts, cmd, (ctx) => {
    const send: EventSend = {
      event: event as LifecycleEvent,
      variant,
      build: () => {
        let out: Record<string, unknown> = { ...body };
        // A sample is made this merchant's; a file is the user's and keeps its GUID.
        if (fromSample) out.MerchantGUID = ctx.config.merchantGUID;
        if (opts.orderId !== undefined) out.OrderId = opts.orderId;
        if (opts.merchantOrderId !== undefined) out.MerchantOrderId = opts.merchantOrderId;
        // Typed and checked by the event's schema, like every --set.
        if (opts.set?.length) out = applyOverrides(out, opts.set, kind) as Record<string, unknown>;
        return out;
      },
    };
    return { cart: false, orders: [], sequences: false, negatives: false, sends: [send] };
  });
}

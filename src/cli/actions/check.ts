/** Actions of `check`, `check-cart` and `post-order`. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { readJsonFile } from '../../io/parse-json.js';
import { listSamples, loadSample } from '../../samples/catalog.js';
import { applyOverrides } from '../../samples/override.js';
import { prepareSampleOrder } from '../../merchant/requests.js';
import { sampleOrderSources } from '../../merchant/plan.js';
import type { OrderSource } from '../../merchant/order-source.js';
import type { MerchantContext } from '../../merchant/context.js';
import { fileOrderSource } from '../../merchant/file-order.js';
import { runMerchantCommand, type MerchantRunOptions } from '../merchant-run.js';
import { wholeNumberFlag } from '../flag-numbers.js';

/** `xborder check`: cart, every order sample, sequences and negatives, in every auth mode. */
export function run(opts: MerchantRunOptions & { race?: string }, cmd: Command): Promise<number> {
  // Checked before anything is sent: a bad --race is a usage error (exit 2).
  const race = wholeNumberFlag('--race', opts.race, 2, 64, 4);
  return runMerchantCommand(opts, cmd, (ctx) => ({ cart: true, orders: sampleOrderSources(ctx), sequences: true, negatives: true, events: true, race }));
}

/** `xborder check-cart`. */
export function runCart(opts: MerchantRunOptions & { negative?: boolean }, cmd: Command): Promise<number> {
  return runMerchantCommand(opts, cmd, () => ({ cart: true, orders: [], sequences: false, negatives: opts.negative !== false }));
}

/** Options of `post-order`. */
export interface PostOrderOptions extends MerchantRunOptions {
  file?: string;
  sample?: string;
  set?: string[];
  sequences?: boolean;
  negative?: boolean;
}

/** `xborder post-order --file F | --sample NAME [--set Path=value ...]`. */
export async function runPostOrder(opts: PostOrderOptions, cmd: Command): Promise<number> {
  if (opts.file && opts.sample) throw new UsageError('Give either --file or --sample, not both.');
  const sets = opts.set ?? [];
  if (opts.file) {
    // The user's own order is sent exactly as given (plus --set changes they asked for).
    const order = applyOverrides(await readJsonFile(opts.file), sets, 'order');
    if (!order || typeof order !== 'object' || Array.isArray(order)) throw new UsageError(`${opts.file}: an order must be a JSON object.`);
    const file = opts.file;
    return runMerchantCommand(opts, cmd, (ctx) => {
      const { source: fileSource, notices } = fileOrderSource(file, order as Record<string, unknown>, ctx.config, ctx.strict);
      return { cart: false, orders: [fileSource], sequences: Boolean(opts.sequences), negatives: Boolean(opts.negative), notices };
    });
  }
  const name = opts.sample ?? 'order-full';
  const orders = listSamples().filter((s) => s.kind === 'order').map((s) => s.name);
  // A cart or a ResponseInfo sample posted as an order would be judged as one and prove nothing.
  if (listSamples().some((s) => s.name === name) && !orders.includes(name)) {
    throw new UsageError(`--sample ${name} is not an order sample; post-order takes one of: ${orders.join(', ')}.`);
  }
  const sample = applyOverrides(loadSample(name), sets, 'order');
  // The --set changes are applied again after the cart is merged in: what the user asked for wins.
  const source = (ctx: MerchantContext): OrderSource => ({
    variant: name,
    onCart: true,
    build: () => prepareSampleOrder(sample, ctx.config, ctx.newOrderId()),
    ...(sets.length ? { finish: (order: Record<string, unknown>) => applyOverrides(order, sets, 'order') as Record<string, unknown> } : {}),
  });
  return runMerchantCommand(opts, cmd, (ctx) => ({ cart: false, orders: [source(ctx)], sequences: Boolean(opts.sequences), negatives: Boolean(opts.negative) }));
}

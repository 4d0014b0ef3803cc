/** Actions of `check`, `check-cart` and `post-order`. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { readJsonFile } from '../../io/parse-json.js';
import { listSamples, loadSample } from '../../samples/catalog.js';
import { applyOverrides } from '../../samples/override.js';
import { prepareSampleOrder } from '../../merchant/requests.js';
import { sampleOrderSources, type PlanParts } from '../../merchant/plan.js';
import { selectsMerchants } from '../../config/merchants.js';
import type { MerchantsRunOptions } from '../merchants-run.js';
import type { OrderSource } from '../../merchant/order-source.js';
import type { MerchantContext } from '../../merchant/context.js';
import { fileOrderSource, judgeOrderFile, orderFileNotices } from '../../merchant/file-order.js';
import { fitLines, terminalWidth } from '../../report/width.js';
import { runMerchantCommand, type MerchantRunOptions } from '../merchant-run.js';
import { openSession } from '../session.js';
import { wholeNumberFlag } from '../flag-numbers.js';
import { DEFAULT_LARGE_ORDER_BYTES, MAX_LARGE_ORDER_BYTES } from '../../merchant/large-order.js';

/**
 * `xborder check`: cart, every order sample, sequences and negatives, in every auth mode; of the
 * config's top level, or of the merchants of its `merchants` list that --merchants, --all or
 * --merchant-index name (merchants-run.ts).
 */
export async function run(opts: MerchantsRunOptions & { race?: string; largeOrderBytes?: string }, cmd: Command): Promise<number> {
  // Checked before anything is sent: a bad --race or --large-order-bytes is a usage error (exit 2).
  const race = wholeNumberFlag('--race', opts.race, 2, 64, 4);
  const largeOrderBytes = wholeNumberFlag('--large-order-bytes', opts.largeOrderBytes, 0, MAX_LARGE_ORDER_BYTES, DEFAULT_LARGE_ORDER_BYTES);
  const choose = (ctx: MerchantContext): PlanParts => ({ cart: true, orders: sampleOrderSources(ctx), sequences: true, negatives: true, events: true, race, largeOrderBytes });
  if (selectsMerchants(opts)) {
    const { runMerchantsCommand } = await import('../merchants-run.js');
    return runMerchantsCommand(opts, cmd, choose);
  }
  if (opts.parallel !== undefined) throw new UsageError('--parallel is how many merchants of the list run at once: give it with --all or --merchants.');
  return runMerchantCommand(opts, cmd, choose);
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
  /** `--dry-run`: judge the file and say what was found; send nothing. */
  dryRun?: boolean;
}

/** `xborder post-order --file F | --sample NAME [--set Path=value ...] [--dry-run]`. */
export async function runPostOrder(opts: PostOrderOptions, cmd: Command): Promise<number> {
  if (opts.file && opts.sample) throw new UsageError('Give either --file or --sample, not both.');
  if (opts.dryRun) checkDryRun(opts, cmd);
  const sets = opts.set ?? [];
  if (opts.file) {
    // The user's own order is sent exactly as given (plus --set changes they asked for).
    const parsed = applyOverrides(await readJsonFile(opts.file), sets, 'order');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`${opts.file}: an order must be a JSON object.`);
    const order = parsed as Record<string, unknown>;
    const file = opts.file;
    const fit = (notice: string) => fitLines(notice, terminalWidth(process.stdout, process.env));
    if (opts.dryRun) {
      const session = await openSession(opts, cmd, { sendsNothing: true });
      // Learnt before the errors are shown: a CVV or PIN the file holds is masked in them too.
      session.redactor.addFromJson(order);
      const verdict = judgeOrderFile(order, session.config, Boolean(opts.strict));
      for (const notice of orderFileNotices(file, verdict, true)) session.output.err(`${fit(notice)}\n`);
      return verdict.errors.length > 0 ? 1 : 0;
    }
    return runMerchantCommand(opts, cmd, (ctx) => {
      ctx.noteSecrets?.(order);
      const verdict = judgeOrderFile(order, ctx.config, ctx.strict);
      // Said on stderr before anything is sent, so the file's errors lead the run rather than hide in -v.
      const notices = orderFileNotices(file, verdict, false).map(fit);
      return { cart: false, orders: [fileOrderSource(file, order, verdict)], sequences: Boolean(opts.sequences), negatives: Boolean(opts.negative), notices };
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

/**
 * `--dry-run` judges a file and stops: it needs a file, and it makes no report for --json, --junit or
 * --html to hold (a report of nothing would read as a run that passed).
 */
function checkDryRun(opts: PostOrderOptions, cmd: Command): void {
  if (!opts.file) throw new UsageError('--dry-run judges an order file without sending it: give --file.');
  const globals = cmd.optsWithGlobals() as { json?: boolean };
  const reports = [globals.json && '--json', opts.junit && '--junit', opts.html && '--html'].filter(Boolean);
  if (reports.length > 0) throw new UsageError(`--dry-run sends nothing and writes no report: drop ${reports.join(', ')}. The file's errors are listed on stderr and the exit code is 1 when it has any.`);
}

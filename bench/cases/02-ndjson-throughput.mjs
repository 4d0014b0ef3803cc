// Streaming: 100,000 orders as NDJSON through `xborder validate` against a bare loop that reads,
// parses and calls the same compiled validator (bench/baseline-validate.mjs); and peak RSS at 10k
// vs 100k lines. Memory must be bounded: a run that kept documents would grow ~10x. V8 grows its
// heap to a steady size over the first tens of thousands of lines, so even the bare loop shows some
// growth between 10k and 100k; its ratio is printed beside ours for reference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeNdjsonOrders } from '../lib.mjs';

export const name = 'NDJSON throughput and memory (orders)';

const LINES = Number(process.env.BENCH_NDJSON_LINES ?? 100_000);
const SMALL = Math.max(1, Math.round(LINES / 10));

/** Writes `count` distinct orders (OrderId and CartId vary) based on samples/order-full.json. */
const writeOrders = (ctx, file, count) => writeNdjsonOrders(file, JSON.parse(readFileSync(join(ctx.root, 'samples/order-full.json'), 'utf8')), count);

export async function run(ctx) {
  const big = join(ctx.tmp, 'orders-100k.ndjson');
  const small = join(ctx.tmp, 'orders-10k.ndjson');
  await writeOrders(ctx, big, LINES);
  await writeOrders(ctx, small, SMALL);
  const reps = Math.max(3, Math.min(5, Math.floor(ctx.reps / 3)));

  const times = ctx.compareTimes(
    { argv: ctx.cli('validate', big) },
    { argv: ctx.node(join(ctx.root, 'bench/baseline-validate.mjs'), big) },
    { reps },
  );
  const cliRate = LINES / (times.target / 1000);
  const bareRate = LINES / (times.baseline / 1000);
  ctx.record({ label: `(c) validate ${LINES.toLocaleString('en-US')} NDJSON orders`, unit: 'docs/s', value: cliRate, baseline: bareRate, baselineLabel: 'bare read+parse+validate loop', ratio: cliRate / bareRate, target: '>= 0.8x', pass: cliRate / bareRate >= 0.8 });

  const rss = async (script, args) => {
    const small3 = [];
    const big3 = [];
    for (let i = 0; i < 3; i++) {
      small3.push((await ctx.peakRss(script, [...args, small])).rssMB);
      big3.push((await ctx.peakRss(script, [...args, big])).rssMB);
    }
    return { small: ctx.median(small3), big: ctx.median(big3) };
  };
  const cli = await rss(join(ctx.root, 'bin/xborder.js'), ['validate']);
  const bare = await rss(join(ctx.root, 'bench/baseline-validate.mjs'), []);
  const lines = (n) => n.toLocaleString('en-US');
  ctx.record({ label: `(c) bare loop peak RSS at ${lines(LINES)} lines (reference)`, unit: 'MB', value: bare.big, baseline: bare.small, baselineLabel: `at ${lines(SMALL)} lines`, ratio: bare.big / bare.small });
  ctx.record({ label: `(c) xborder validate peak RSS at ${lines(LINES)} lines`, unit: 'MB', value: cli.big, baseline: cli.small, baselineLabel: `at ${lines(SMALL)} lines`, ratio: cli.big / cli.small, target: '<= 1.5x (bounded)', pass: cli.big / cli.small <= 1.5 });
}

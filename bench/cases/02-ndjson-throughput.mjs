// Streaming: 100,000 orders as NDJSON through `xborder validate` against a bare loop that reads,
// parses and calls the same compiled validator (bench/baseline-validate.mjs); and peak RSS at 10k
// vs 100k lines (constant memory: the ratio should stay near 1).
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';

export const name = 'NDJSON throughput and memory (orders)';

const LINES = Number(process.env.BENCH_NDJSON_LINES ?? 100_000);
const SMALL = Math.max(1, Math.round(LINES / 10));

/** Writes `count` distinct orders (OrderId and CartId vary) based on samples/order-full.json. */
async function writeOrders(ctx, file, count) {
  const order = JSON.parse(readFileSync(join(ctx.root, 'samples/order-full.json'), 'utf8'));
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    order.OrderId = `GE${String(90000000 + i)}GB`;
    order.CartId = i.toString(16).padStart(32, '0');
    if (!out.write(`${JSON.stringify(order)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

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

  const bin = join(ctx.root, 'bin/xborder.js');
  const rssSmall = [];
  const rssBig = [];
  for (let i = 0; i < 3; i++) {
    rssSmall.push((await ctx.peakRss(bin, ['validate', small])).rssMB);
    rssBig.push((await ctx.peakRss(bin, ['validate', big])).rssMB);
  }
  const s = ctx.median(rssSmall);
  const b = ctx.median(rssBig);
  ctx.record({ label: `(c) peak RSS at ${LINES.toLocaleString('en-US')} lines`, unit: 'MB', value: b, baseline: s, baselineLabel: `at ${SMALL.toLocaleString('en-US')} lines`, ratio: b / s, target: '<= 1.25x (flat)', pass: b / s <= 1.25 });
}

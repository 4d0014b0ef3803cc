// Bulk validation (issues 17 and 29): NDJSON on one thread and on two (a large file read in ranges
// by the threads that judge them), many small files, one file, and peak memory at 100k vs 1M
// documents. Every ratio is measured side by side in this run (interleaved runs, medians).
//
// Baselines, run from this same file (`node validate-bulk.mjs --baseline MODE ...`):
// - readline: the fastest plain loop a user would write, readline over createReadStream(file) with
//   its default options + JSON.parse per line; the NDJSON ratios are against it.
// - byte-split: 1 MiB reads, lines found with indexOf, toString + JSON.parse per line: the floor of
//   any reader, printed beside.
// - parse-only: issue 17's baseline (readline over a stream decoded by the stream, 256 KiB reads),
//   about 2x slower than readline's default; kept for comparison, not run by the bench.
// - ajv-cli: the targets are measured against ajv-cli itself (a devDependency, used only here); this
//   baseline is, for reference, a bare loop doing what ajv-cli does per file without its start-up: the same order schema compiled at start-up with ajv (draft 2020-12, ajv-formats,
//   strict off for the schema's x- annotations, allErrors as `ajv validate --all-errors`), then for
//   each file, one at a time: fs.readFileSync, JSON.parse, validate, and a "FILE valid" line (or
//   "FILE invalid" and the errors) as ajv-cli prints.
import { createReadStream, mkdirSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeNdjsonOrders } from '../lib.mjs';

export const name = 'bulk validate: NDJSON vs readline and byte-split loops, --jobs, many files, memory (issues 17, 29)';

const self = fileURLToPath(import.meta.url);
// The NDJSON sizes measured (orders of order-full, about 10 KB each): BENCH_BULK_LINES="20000,100000".
const LINE_COUNTS = String(process.env.BENCH_BULK_LINES ?? '20000,100000').split(',').map(Number).filter((n) => n > 0);
const FILES = Number(process.env.BENCH_BULK_FILES ?? 10_000);
const RSS_SMALL = Number(process.env.BENCH_BULK_RSS_LINES ?? 100_000);

/** readline over `input` and JSON.parse of every non-blank line, nothing else; prints the count. */
async function readlineLoop(input) {
  let total = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    JSON.parse(line);
    total++;
  }
  process.stdout.write(`${total} lines parsed\n`);
}

async function baseline(mode, args) {
  if (mode === 'readline') {
    // What a user writes first: readline over a read stream with its default options.
    await readlineLoop(createReadStream(args[0]));
    return;
  }
  if (mode === 'byte-split') {
    // The floor of any reader: 1 MiB reads into one buffer, lines found with indexOf, each decoded
    // and parsed, nothing else (no line-length limit, no BOM or UTF-16 check, no line numbers kept).
    const fd = openSync(args[0], 'r');
    let buffer = Buffer.allocUnsafe(1024 * 1024);
    let kept = 0;
    let total = 0;
    const parse = (start, end) => {
      if (end > start && buffer[end - 1] === 13) end--;
      if (end > start) {
        JSON.parse(buffer.toString('utf8', start, end));
        total++;
      }
    };
    for (;;) {
      if (kept === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
      const read = readSync(fd, buffer, kept, buffer.length - kept, null);
      const end = kept + read;
      let start = 0;
      for (let nl = buffer.indexOf(10, kept); nl >= 0 && nl < end; nl = buffer.indexOf(10, start)) {
        parse(start, nl);
        start = nl + 1;
      }
      if (read === 0) {
        parse(start, end);
        break;
      }
      buffer.copy(buffer, 0, start, end);
      kept = end - start;
    }
    process.stdout.write(`${total} lines parsed\n`);
    return;
  }
  if (mode === 'parse-only') {
    // The baseline of issue 17, kept for comparison: readline over a stream read with a 256 KiB
    // highWaterMark and decoded by the stream, which makes readline about 2x slower than its default.
    await readlineLoop(createReadStream(args[0], { encoding: 'utf8', highWaterMark: 256 * 1024 }));
    return;
  }
  if (mode === 'ajv-cli') {
    const [root, schemaFile, ...files] = args;
    const require = createRequire(join(root, 'package.json'));
    const Ajv2020 = require('ajv/dist/2020.js').default;
    const addFormats = require('ajv-formats').default;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    for (const file of files) {
      const data = JSON.parse(readFileSync(file).toString());
      if (validate(data)) console.log(`${file} valid`);
      else {
        console.error(`${file} invalid`);
        console.error(JSON.stringify(validate.errors, null, '  '));
      }
    }
    return;
  }
  throw new Error(`unknown baseline ${mode}`);
}

if (process.argv[1] === self && process.argv[2] === '--baseline') await baseline(process.argv[3], process.argv.slice(4));

export async function run(ctx) {
  const full = JSON.parse(readFileSync(join(ctx.root, 'samples/order-full.json'), 'utf8'));
  const minimal = JSON.parse(readFileSync(join(ctx.root, 'samples/order-minimal.json'), 'utf8'));
  const reps = Math.max(3, Math.min(5, Math.floor(ctx.reps / 3)));
  const n = (v) => v.toLocaleString('en-US');

  // (1) and (2): NDJSON at 20,000 and 100,000 orders: --jobs 1, --jobs 2 and the default, against the
  // plain readline loop (the ratios) and the byte-split loop (printed beside), all interleaved.
  for (const lines of LINE_COUNTS) await ndjsonFigures(ctx, full, lines);

  // (3) many small files, (4) one file: xborder vs the ajv-cli equivalent.
  const dir = join(ctx.tmp, 'bulk-files');
  mkdirSync(dir, { recursive: true });
  const names = [];
  for (let i = 0; i < FILES; i++) {
    full.OrderId = `GE${String(80000000 + i)}GB`;
    const file = `o${i}.json`;
    writeFileSync(join(dir, file), JSON.stringify(full, null, 2));
    names.push(file);
  }
  const schema = join(ctx.root, 'schemas/order.schema.json');
  const ajvCli = (files) => ({ argv: ctx.node(self, '--baseline', 'ajv-cli', ctx.root, schema, ...files), cwd: dir });
  // The target is ajv-cli itself (a devDependency), run as its users run it: a glob it expands.
  const realAjvCli = (pattern) => ({ argv: ctx.node(join(ctx.root, 'node_modules/ajv-cli/dist/index.js'), 'validate', '--spec=draft2020', '-c', 'ajv-formats', '--strict=false', '--all-errors', '-s', schema, '-d', pattern), cwd: dir });
  const many = ctx.compareTimes({ argv: ctx.cli('validate', ...names), cwd: dir }, realAjvCli('o*.json'), { reps });
  const ratio3 = many.baseline / many.target;
  ctx.record({ label: `${n(FILES)} files (order-full, pretty-printed, 13 KB each), default --jobs (${ctx.cpus} cores)`, unit: 'files/s', value: FILES / (many.target / 1000), baseline: FILES / (many.baseline / 1000), baselineLabel: 'ajv-cli 5 validate -d "o*.json" --all-errors', ratio: ratio3, target: '>= 1.0x', pass: ratio3 >= 1.0 });
  // For reference: a bare loop that does only what ajv-cli does per file, without its start-up.
  const bare = ctx.compareTimes({ argv: ctx.cli('validate', ...names), cwd: dir }, ajvCli(names), { reps });
  ctx.record({ label: `${n(FILES)} files, for reference`, unit: 'files/s', value: FILES / (bare.target / 1000), baseline: FILES / (bare.baseline / 1000), baselineLabel: 'bare loop: readFileSync + JSON.parse + ajv validate per file', ratio: bare.baseline / bare.target });
  const single = ctx.compareTimes({ argv: ctx.cli('validate', names[0]), cwd: dir }, realAjvCli(names[0]), { reps: Math.max(5, reps) });
  const ratio4 = single.baseline / single.target;
  ctx.record({ label: 'one file (order-full), whole run', unit: 'ms', value: single.target, baseline: single.baseline, baselineLabel: 'ajv-cli 5, whole run', ratio: ratio4, target: '> 1.0x (faster)', pass: ratio4 > 1.0 });

  // (5) memory: peak RSS (main thread and workers: one process) at 1M vs 100k orders (order-minimal).
  const small = join(ctx.tmp, 'rss-small.ndjson');
  const big = join(ctx.tmp, 'rss-big.ndjson');
  await writeNdjsonOrders(small, minimal, RSS_SMALL);
  await writeNdjsonOrders(big, minimal, RSS_SMALL * 10);
  const bin = join(ctx.root, 'bin/xborder.js');
  for (const jobs of ctx.cpus >= 2 ? ['1', String(ctx.cpus)] : ['1']) {
    // Peak RSS of one run varies with when the collector ran: the median of three runs of each.
    const rssSmall = await medianRss(ctx, bin, ['validate', '--jobs', jobs, small]);
    const rssBig = await medianRss(ctx, bin, ['validate', '--jobs', jobs, big]);
    const ratio5 = rssBig.rssMB / rssSmall.rssMB;
    ctx.record({ label: `peak RSS at ${n(RSS_SMALL * 10)} orders (order-minimal), --jobs ${jobs}`, unit: 'MB', value: rssBig.rssMB, baseline: rssSmall.rssMB, baselineLabel: `at ${n(RSS_SMALL)} orders`, ratio: ratio5, target: '<= 1.1x', pass: ratio5 <= 1.1 });
  }
  if (ctx.cpus >= 2) {
    // For information, no target: with the default --jobs the long run (125 MB) starts a worker at
    // once and the short one (12.5 MB) none (pool-policy.ts), so the two differ by a worker's
    // isolate (about 8 MB in the last run), not by anything that grows with the input.
    const rssSmall = await medianRss(ctx, bin, ['validate', small]);
    const rssBig = await medianRss(ctx, bin, ['validate', big]);
    ctx.record({ label: `peak RSS at ${n(RSS_SMALL * 10)} orders (order-minimal), default --jobs (a worker starts in the long run only)`, unit: 'MB', value: rssBig.rssMB, baseline: rssSmall.rssMB, baselineLabel: `at ${n(RSS_SMALL)} orders`, ratio: rssBig.rssMB / rssSmall.rssMB });
  }
}

/**
 * NDJSON figures at `lines` orders: --jobs 1, --jobs 2 and the default --jobs against the plain
 * readline loop (the ratio) and the byte-split loop (beside it), all run interleaved.
 */
async function ndjsonFigures(ctx, full, lines) {
  const n = (v) => v.toLocaleString('en-US');
  const file = join(ctx.tmp, `bulk-orders-${lines}.ndjson`);
  await writeNdjsonOrders(file, structuredClone(full), lines);
  const baseline = (mode) => ({ argv: ctx.node(self, '--baseline', mode, file) });
  const commands = {
    readline: baseline('readline'),
    byteSplit: baseline('byte-split'),
    jobs1: { argv: ctx.cli('validate', '--jobs', '1', file) },
    ...(ctx.cpus >= 2 ? { jobs2: { argv: ctx.cli('validate', '--jobs', '2', file) }, auto: { argv: ctx.cli('validate', file) } } : {}),
  };
  // Fewer rounds for the large file: each run takes seconds.
  const reps = lines > 50_000 ? 3 : Math.max(3, Math.min(5, Math.floor(ctx.reps / 3)));
  const t = ctx.compareMany(commands, { reps, warmup: lines <= 50_000 });
  const rl = t.readline.median;
  const bs = t.byteSplit.median;
  const figure = (key, label, target, min) => {
    const ms = t[key].median;
    const ratio = rl / ms;
    ctx.record({
      label: `NDJSON ${n(lines)} orders, ${label}`, unit: 'ms', value: ms, baseline: rl, baselineLabel: 'readline + JSON.parse loop', ratio,
      also: [{ value: bs, label: 'byte split + JSON.parse loop', ratio: bs / ms }],
      target, pass: min === undefined ? undefined : ratio >= min,
    });
  };
  ctx.record({ label: `NDJSON ${n(lines)} orders: the two baselines (runs: ${t.readline.runs.map((v) => v.toFixed(0)).join(' ')} / ${t.byteSplit.runs.map((v) => v.toFixed(0)).join(' ')} ms)`, unit: 'ms', value: bs, baseline: rl, baselineLabel: 'readline loop', ratio: rl / bs });
  figure('jobs1', '--jobs 1', '>= 0.85x', 0.85);
  if (ctx.cpus < 2) return ctx.record({ label: '--jobs 2: skipped, this machine has 1 CPU' });
  figure('jobs2', '--jobs 2', '>= 1.3x (2 cores)', 1.3);
  figure('auto', `default --jobs (${ctx.cpus} cores)`);
  const faster = Math.min(t.jobs1.median, t.jobs2.median);
  ctx.record({ label: `NDJSON ${n(lines)} orders, default --jobs vs the faster of --jobs 1 and 2`, unit: 'ms', value: t.auto.median, baseline: faster, baselineLabel: 'faster of --jobs 1 / 2', ratio: faster / t.auto.median, target: '>= 0.95x', pass: faster / t.auto.median >= 0.95 });
}

/** The median peak RSS of three runs of `args`. */
async function medianRss(ctx, bin, args) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await ctx.peakRss(bin, args));
  runs.sort((a, b) => a.rssMB - b.rssMB);
  return runs[1];
}

// Bulk validation (issue 17): the byte-level NDJSON reader on one core and on worker threads, many
// small files, one file, and peak memory at 100k vs 1M documents. Every ratio is measured side by
// side in this run (alternating target and baseline, medians).
//
// Baselines, run from this same file (`node validate-bulk.mjs --baseline MODE ...`):
// - parse-only: readline over a UTF-8 read stream + JSON.parse per line, nothing else (the floor of
//   any reader that uses readline).
// - ajv-cli: the targets are measured against ajv-cli itself (a devDependency, used only here); this
//   baseline is, for reference, a bare loop doing what ajv-cli does per file without its start-up: the same order schema compiled at start-up with ajv (draft 2020-12, ajv-formats,
//   strict off for the schema's x- annotations, allErrors as `ajv validate --all-errors`), then for
//   each file, one at a time: fs.readFileSync, JSON.parse, validate, and a "FILE valid" line (or
//   "FILE invalid" and the errors) as ajv-cli prints.
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeNdjsonOrders } from '../lib.mjs';

export const name = 'bulk validate: byte-level NDJSON, --jobs, many files, memory (issue 17)';

const self = fileURLToPath(import.meta.url);
const LINES = Number(process.env.BENCH_BULK_LINES ?? 20_000);
const FILES = Number(process.env.BENCH_BULK_FILES ?? 10_000);
const RSS_SMALL = Number(process.env.BENCH_BULK_RSS_LINES ?? 100_000);

async function baseline(mode, args) {
  if (mode === 'parse-only') {
    const lines = createInterface({ input: createReadStream(args[0], { encoding: 'utf8', highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
    let total = 0;
    for await (const line of lines) {
      if (line.trim() === '') continue;
      JSON.parse(line);
      total++;
    }
    process.stdout.write(`${total} lines parsed\n`);
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
  const parseOnly = (file) => ({ argv: ctx.node(self, '--baseline', 'parse-only', file) });

  // (1) and (2): NDJSON, one core and --jobs 2, each against the one-core parse-only loop.
  const ndjson = join(ctx.tmp, 'bulk-orders.ndjson');
  await writeNdjsonOrders(ndjson, full, LINES);
  const one = ctx.compareTimes({ argv: ctx.cli('validate', '--jobs', '1', ndjson) }, parseOnly(ndjson), { reps });
  const ratio1 = one.baseline / one.target;
  ctx.record({ label: `NDJSON ${n(LINES)} orders (order-full, 2 non-ASCII letters each), --jobs 1`, unit: 'docs/s', value: LINES / (one.target / 1000), baseline: LINES / (one.baseline / 1000), baselineLabel: 'readline + JSON.parse only, one core', ratio: ratio1, target: '>= 0.85x', pass: ratio1 >= 0.85 });
  if (ctx.cpus >= 2) {
    const two = ctx.compareTimes({ argv: ctx.cli('validate', '--jobs', '2', ndjson) }, parseOnly(ndjson), { reps });
    const ratio2 = two.baseline / two.target;
    ctx.record({ label: `NDJSON ${n(LINES)} orders, --jobs 2`, unit: 'docs/s', value: LINES / (two.target / 1000), baseline: LINES / (two.baseline / 1000), baselineLabel: 'readline + JSON.parse only, one core', ratio: ratio2, target: '>= 1.3x (2 cores)', pass: ratio2 >= 1.3 });
  } else {
    ctx.record({ label: '--jobs 2 vs one-core parse-only loop: skipped, this machine has 1 CPU' });
  }

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
}

/** The median peak RSS of three runs of `args`. */
async function medianRss(ctx, bin, args) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await ctx.peakRss(bin, args));
  runs.sort((a, b) => a.rssMB - b.rssMB);
  return runs[1];
}

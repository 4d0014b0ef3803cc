// Benchmark harness: runs every module of bench/cases/ in file-name order and prints each figure
// with its baseline and ratio, all measured side by side in this one run (alternating target and
// baseline, several repetitions, median), so machine noise hits both alike.
//
// A case module exports `name` (string) and `run(ctx)`; see bench/lib.mjs for ctx. Add a case by
// dropping a file into bench/cases/.
//
// Usage: npm run bench [-- --only NAME] [--reps N] [--enforce]
//   --only    run the cases whose file name contains NAME
//   --reps    repetitions of the short timings (default 15; BENCH_REPS works too)
//   --enforce exit 1 when a figure misses its target (default: report only)
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createContext, formatResult } from './lib.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : (args[i + 1] ?? '');
};
const only = flag('--only');
const reps = Number(flag('--reps') ?? process.env.BENCH_REPS ?? 15);
const enforce = args.includes('--enforce');

const casesDir = fileURLToPath(new URL('./cases/', import.meta.url));
const files = readdirSync(casesDir)
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => !only || f.includes(only))
  .sort();

const ctx = createContext({ reps });
process.stdout.write(`xborder bench: node ${process.version}, ${ctx.cpus} CPUs, ${reps} repetitions, medians\n`);
const results = [];
for (const file of files) {
  const mod = await import(pathToFileURL(join(casesDir, file)).href);
  process.stdout.write(`\n## ${mod.name ?? file}\n`);
  const started = Date.now();
  const before = ctx.results.length;
  try {
    await mod.run(ctx);
  } catch (error) {
    process.stdout.write(`  case failed: ${error.stack ?? error}\n`);
    results.push({ label: `${file}: case failed`, pass: false });
    continue;
  }
  results.push(...ctx.results.slice(before));
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)}s)\n`);
}

process.stdout.write('\n## Summary\n');
for (const r of results) process.stdout.write(`${formatResult(r)}\n`);
const missed = results.filter((r) => r.pass === false);
process.stdout.write(missed.length ? `\n${missed.length} figure(s) missed the target.\n` : '\nEvery figure met its target.\n');
ctx.cleanup();
if (enforce && missed.length) process.exitCode = 1;

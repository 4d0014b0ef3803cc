// What bench cases share: timing commands side by side, measuring peak RSS of a child, recording
// figures with targets. Everything here runs real processes; nothing is mocked.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const rssWrapper = fileURLToPath(new URL('./rss-wrapper.mjs', import.meta.url));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs argv[0] with the rest; returns wall milliseconds. Throws when the exit code is unexpected. */
function timeOnce(argv, { expectExit = 0, stdin, cwd = root, env } = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, input: stdin, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== expectExit) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr?.toString().slice(0, 500)}`);
  return ms;
}

/** Formats one result line. */
/** Writes `count` copies of `order` as NDJSON, each with its own OrderId and CartId (`order` is changed). */
export async function writeNdjsonOrders(file, order, count) {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    order.OrderId = `GE${String(90000000 + i)}GB`;
    order.CartId = i.toString(16).padStart(32, '0');
    if (!out.write(`${JSON.stringify(order)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export function formatResult(r) {
  if (r.value === undefined) return `  ${r.pass === false ? 'MISS' : 'ok  '} ${r.label}`;
  const fmt = (v) => (r.unit === 'ms' ? `${v.toFixed(1)} ms` : r.unit === 'MB' ? `${v.toFixed(1)} MB` : `${Math.round(v).toLocaleString('en-US')} ${r.unit}`);
  const base = r.baseline === undefined ? '' : ` vs ${fmt(r.baseline)} (${r.baselineLabel})`;
  // Other baselines printed beside the one the ratio is against.
  const also = (r.also ?? []).map((a) => `, ${fmt(a.value)} (${a.label}, ratio ${(a.ratio ?? 0).toFixed(2)}x)`).join('');
  const ratio = r.ratio === undefined ? '' : `, ratio ${r.ratio.toFixed(2)}x`;
  const target = r.target ? `, target ${r.target}` : '';
  const verdict = r.pass === undefined ? '    ' : r.pass ? 'ok  ' : 'MISS';
  return `  ${verdict} ${r.label}: ${fmt(r.value)}${base}${ratio}${also}${target}`;
}

/** The context every case gets. */
export function createContext({ reps }) {
  const tmp = mkdtempSync(join(tmpdir(), 'xborder-bench-'));
  const ctx = {
    root,
    tmp,
    reps,
    cpus: availableParallelism(),
    results: [],
    /** The CLI as argv: node bin/xborder.js ...args. */
    cli: (...args) => [process.execPath, join(root, 'bin/xborder.js'), ...args],
    node: (...args) => [process.execPath, ...args],
    /**
     * Times `target` and `baseline` alternately `reps` times (after one warm-up each) and returns the
     * medians in milliseconds.
     */
    compareTimes(target, baseline, options = {}) {
      const n = options.reps ?? reps;
      timeOnce(target.argv, target);
      timeOnce(baseline.argv, baseline);
      const t = [];
      const b = [];
      for (let i = 0; i < n; i++) {
        b.push(timeOnce(baseline.argv, baseline));
        t.push(timeOnce(target.argv, target));
      }
      return { target: median(t), baseline: median(b), targetRuns: t, baselineRuns: b };
    },
    /**
     * Times several commands interleaved: one warm-up each (unless `options.warmup` is false), then `reps` rounds that run each once,
     * the order rotated from round to round so none always runs right after another. Returns, per
     * key, the median milliseconds and the runs.
     */
    compareMany(commands, options = {}) {
      const n = options.reps ?? reps;
      const keys = Object.keys(commands);
      // The warm-up fills the OS caches; a file just written is in them already (options.warmup false).
      if (options.warmup !== false) for (const k of keys) timeOnce(commands[k].argv, commands[k]);
      const runs = Object.fromEntries(keys.map((k) => [k, []]));
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < keys.length; j++) {
          const k = keys[(i + j) % keys.length];
          runs[k].push(timeOnce(commands[k].argv, commands[k]));
        }
      }
      return Object.fromEntries(keys.map((k) => [k, { median: median(runs[k]), runs: runs[k] }]));
    },
    /** Peak RSS (MB) and wall time (ms) of `node SCRIPT args...` run through the RSS wrapper. */
    async peakRss(script, args, { stdinFile } = {}) {
      const out = join(tmp, `rss-${Date.now()}-${Math.random().toString(16).slice(2)}.json`);
      const start = process.hrtime.bigint();
      await new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [rssWrapper, script, ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BENCH_RSS_FILE: out } });
        let err = '';
        child.stderr.on('data', (d) => (err += d));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}: ${err.slice(0, 500)}`))));
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const { maxRSS } = JSON.parse(readFileSync(out, 'utf8'));
      return { rssMB: maxRSS / 1024, ms };
    },
    /** Records and prints one figure. */
    record(result) {
      ctx.results.push(result);
      process.stdout.write(`${formatResult(result)}\n`);
      return result;
    },
    median,
    cleanup() {
      rmSync(tmp, { recursive: true, force: true });
    },
  };
  return ctx;
}

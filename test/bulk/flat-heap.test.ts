/**
 * Peak memory of a long NDJSON run does not grow with its length (issue 29: 1M small orders within
 * 1.1x of 100k). What made it grow was garbage that outlives the young generation: V8 promotes it to
 * the old generation, which is collected only when it has grown. The built CLI is run with V8's GC
 * trace (`--trace-gc-nvp`, one line a collection) on small passing orders, and the bytes the main
 * thread's scavenges promoted in the second half of the run are summed: a run of passing documents
 * keeps nothing, so they must stay near zero. They were about 25 bytes a document (the text of each
 * document's line number, built for a report row that passing documents never get): 3.6 to 4.5 MB
 * here, 25 MB over 1M documents. Since: 2 KB with --jobs 1; 620 to 745 KB with --jobs 2 (the main
 * thread's young generation stays small now that results are encoded as they are judged, so it
 * scavenges more often and more queued results outlive two scavenges), about 2.5 bytes a document.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-flat-heap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LINES = 250_000;

/** `LINES` order-minimal documents, as the bench's memory case writes them (bench/lib.mjs). */
function smallOrders(): string {
  const order = JSON.parse(readFileSync(new URL('../../samples/order-minimal.json', import.meta.url), 'utf8'));
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    order.OrderId = `GE${String(90000000 + i)}GB`;
    order.CartId = i.toString(16).padStart(32, '0');
    lines.push(JSON.stringify(order));
  }
  const file = join(dir, 'small-orders.ndjson');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** `node --trace-gc-nvp bin/xborder.js args...`: the trace goes to stdout, beside the report. */
function runTraced(args: string[]): Promise<CliResult> {
  return runCli(args, { nodeArgs: ['--trace-gc-nvp'], timeoutMs: 300_000 });
}

interface Scavenge {
  isolate: string;
  promoted: number;
}

/** The scavenges of a `--trace-gc-nvp` trace, in order, with the isolate (thread) that ran each. */
function scavenges(trace: string): Scavenge[] {
  const out: Scavenge[] = [];
  for (const line of trace.split('\n')) {
    const m = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: pause=.* gc=s .* promoted=(\d+) /.exec(line);
    if (m) out.push({ isolate: m[1], promoted: Number(m[2]) });
  }
  return out;
}

describe('a long run of passing documents promotes nothing on the main thread', () => {
  const file = smallOrders();

  // With --jobs 2 a worker's results wait to be delivered in order while the main thread judges a
  // range itself, and a few outlive a scavenge (the most around the worker's start). Both bounds
  // are far below what a leak per document gives.
  const bounds: Array<[string, number]> = [
    ['1', 256 * 1024],
    ['2', 1280 * 1024],
  ];
  for (const [jobs, bound] of bounds) {
    it(`--jobs ${jobs}`, async () => {
      const run = await runTraced(['validate', '--jobs', jobs, file]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`${LINES} documents: 0 failed, 0 with warnings, ${LINES} passed`);
      const all = scavenges(run.stdout);
      // The main thread collects first (loading the CLI); a worker's isolate shows up later.
      const main = all.filter((s) => s.isolate === all[0].isolate);
      // Enough scavenges to see a trend: each is about 16 MB of allocation, a few thousand documents.
      expect(main.length).toBeGreaterThanOrEqual(20);
      // Well past the start-up (loading, compiling, the worker starting): the steady run.
      const steady = main.slice(Math.floor(main.length / 2));
      const promoted = steady.reduce((sum, s) => sum + s.promoted, 0);
      expect(promoted, `bytes promoted by the main thread's last ${steady.length} scavenges`).toBeLessThan(bound);
    }, 120_000);
  }
});

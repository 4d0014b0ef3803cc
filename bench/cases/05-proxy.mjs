// `xborder proxy`: the latency the proxy adds to each exchange (issue 29). The local reference
// merchant and the proxy run in processes of their own; this process posts samples/order-full.json
// directly and through the proxy, alternating one and the other (so machine noise hits both alike),
// 300 sequential POSTs each on keep-alive connections, and compares the latency percentiles.
// Targets: added p50 <= 2 ms and p90 <= 4 ms; p99 for information. The proxy judges each exchange
// after the caller has its answer, so judging should cost the caller nothing but a share of the CPU.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

export const name = 'proxy: added latency p50/p90/p99 vs direct requests to the local reference merchant';

const WARMUP = 100;
const REQUESTS = Number(process.env.BENCH_PROXY_REQUESTS ?? 300);

/** A CLI process printing `listening on URL` on stdout or stderr; resolves with the URL. */
function startListening(ctx, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ctx.root, 'bin/xborder.js'), ...args], { cwd: ctx.tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    const look = (chunk) => {
      buffer += chunk;
      const listening = /listening on (http:\/\/[\d.:]+)/.exec(buffer);
      if (listening) {
        buffer = '';
        resolve({ url: listening[1], child, stop: () => new Promise((r) => (child.on('close', r), child.kill('SIGINT'))) });
      } else if (buffer.length > 100_000) buffer = buffer.slice(-1000);
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', look);
    child.on('error', reject);
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function run(ctx) {
  const merchant = await startListening(ctx, ['mock', 'merchant']);
  const proxy = await startListening(ctx, ['proxy', '--target', merchant.url, '--port', '0', '--no-save']);
  const require = createRequire(join(ctx.root, 'package.json'));
  const { request, Agent } = require('undici');
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const body = readFileSync(join(ctx.root, 'samples/order-full.json'), 'utf8');
  const post = async (base) => {
    const start = process.hrtime.bigint();
    const res = await request(new URL('/order-update-create-url', base), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body, dispatcher: agent });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${base}: HTTP ${res.statusCode}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  try {
    for (let i = 0; i < WARMUP; i++) {
      await post(merchant.url);
      await post(proxy.url);
    }
    const direct = [];
    const proxied = [];
    for (let i = 0; i < REQUESTS; i++) {
      direct.push(await post(merchant.url));
      proxied.push(await post(proxy.url));
    }
    const at = (p) => ({ direct: percentile(direct, p), proxied: percentile(proxied, p) });
    const p50 = at(50);
    const p90 = at(90);
    const p99 = at(99);
    const added = (p) => p.proxied - p.direct;
    ctx.record({ label: `added latency p50 (${REQUESTS} order-full POSTs, one at a time, keep-alive)`, unit: 'ms', value: added(p50), baseline: p50.direct, baselineLabel: 'direct p50', target: '<= 2 ms', pass: added(p50) <= 2 });
    ctx.record({ label: 'added latency p90', unit: 'ms', value: added(p90), baseline: p90.direct, baselineLabel: 'direct p90', target: '<= 4 ms', pass: added(p90) <= 4 });
    ctx.record({ label: 'added latency p99 (information)', unit: 'ms', value: added(p99), baseline: p99.direct, baselineLabel: 'direct p99' });
  } finally {
    await agent.close();
    await proxy.stop();
    await merchant.stop();
  }
}

// `xborder fuzz`: generated orders sent per second against the local reference merchant (its own
// process), as a ratio to a bare undici loop posting the same pre-generated bodies with the same
// concurrency. Two figures, as for the merchant check:
//  - warmed, in this process: fuzz's own code (dist/bench-kit.js: the generator, the property run,
//    the judge) after a warm-up; the target (>= 0.7x) is about this per-order cost;
//  - the whole `xborder fuzz` CLI run (XBORDER_TIMING: generation phase, no process start-up), which
//    adds a fresh process's one-time costs (JIT, validators), for information.
// Then the shrinking time of a known latent fault (crash-long-address, seed 1), for information.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export const name = 'fuzz: generated orders per second vs a bare undici loop; shrinking time';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const RUNS = 300;
const SEED = 1;

/** `xborder mock merchant` in a process of its own; resolves with its URL. */
function startMerchant(ctx, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ctx.root, 'bin/xborder.js'), 'mock', 'merchant', ...args], { cwd: ctx.tmp, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      const listening = /listening on (\S+)/.exec(buffer);
      if (listening) resolve({ url: listening[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('error', reject);
  });
}

/** One `xborder fuzz` run; returns its timing line. */
function timeFuzz(ctx, url, extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ctx.root, 'bin/xborder.js'), 'fuzz', '--merchant-url', url, '--runs', String(RUNS), '--seed', String(SEED), '--no-save', '--json', ...extra], {
      cwd: ctx.tmp, env: { ...process.env, XBORDER_TIMING: '1' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', () => {
      const timing = /xborder-timing: (\{.*\})/.exec(err);
      if (!timing) reject(new Error(`no xborder-timing line: ${err.slice(0, 500)}`));
      else resolve(JSON.parse(timing[1]));
    });
  });
}

const CONCURRENCY = 8;

/** The bare loop: the same bodies, CONCURRENCY at a time (as fuzz sends them). */
async function timeBareLoop(ctx, url, bodies) {
  const require = createRequire(join(ctx.root, 'package.json'));
  const { request, Agent } = require('undici');
  const agent = new Agent();
  const target = new URL('/order-update-create-url', url);
  const start = process.hrtime.bigint();
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const res = await request(target, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: bodies[next++], dispatcher: agent });
      await res.body.text();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await agent.close();
  return ms;
}

/** The fuzz run in this process: generation phase of RUNS orders, timed. */
async function timeFuzzInProcess(kit, url) {
  const config = kit.defaultConfig();
  config.merchant.baseUrl = url;
  const ctx = { config, modes: config.auth, strict: false, verbose: false, mask: (s) => s, newOrderId: kit.orderIdFactory('DE', Date.now() + Math.floor(Math.random() * 1e6)), carts: kit.cartSourceOf({ ...config, merchant: { ...config.merchant, cartToken: '' } }) };
  const state = { acceptedOnSynthetic: false };
  const judge = {
    async judge(c, n) {
      const sent = await kit.sendFuzzCase(ctx, c, `generated order ${n}`, state);
      return { value: c, sent: sent.order, cases: sent.cases, failing: sent.failing, skipped: sent.skipped, status: sent.cases[sent.cases.length - 1]?.response?.status };
    },
  };
  const outcome = await kit.runProperty(kit.fuzzCases({ merchantCurrency: 'EUR', modes: 1 }), judge, { seed: SEED, runs: RUNS, shrinkRequests: 0, shrinkTimeMs: 1 }, undefined, CONCURRENCY);
  if (outcome.failure) throw new Error(`fuzz found ${outcome.failure.checkId} on the conforming merchant`);
  return outcome.generationMs;
}

export async function run(ctx) {
  const kit = await import(pathToFileURL(join(ctx.root, 'dist/bench-kit.js')).href);
  const merchant = await startMerchant(ctx);
  try {
    let n = 0;
    const bodies = () => kit.fuzzBodies({ seed: SEED, runs: RUNS, merchantGUID: GUID, merchantCurrency: 'EUR', orderId: () => `GEBENCH${Date.now()}${n++}DE` });
    for (let i = 0; i < 3; i++) {
      await timeFuzzInProcess(kit, merchant.url);
      await timeBareLoop(ctx, merchant.url, bodies());
    }
    const reps = Math.max(5, Math.min(15, ctx.reps));
    const fuzz = [];
    const bare = [];
    for (let i = 0; i < reps; i++) {
      fuzz.push(await timeFuzzInProcess(kit, merchant.url));
      bare.push(await timeBareLoop(ctx, merchant.url, bodies()));
    }
    await kit.closeAgents();
    const perSecond = (RUNS / ctx.median(fuzz)) * 1000;
    const barePerSecond = (RUNS / ctx.median(bare)) * 1000;
    const ratio = perSecond / barePerSecond;
    ctx.record({ label: `generated orders sent and judged per second, warmed (${RUNS} orders, seed ${SEED}, ${CONCURRENCY} in flight)`, unit: 'orders/s', value: perSecond, baseline: barePerSecond, baselineLabel: 'bare undici loop posting the same bodies', ratio, target: '>= 0.7x', pass: ratio >= 0.7 });

    const cli = [];
    const cliBare = [];
    for (let i = 0; i < Math.max(3, Math.round(reps / 3)); i++) {
      cli.push((await timeFuzz(ctx, merchant.url)).ms);
      cliBare.push(await timeBareLoop(ctx, merchant.url, bodies()));
    }
    ctx.record({ label: `whole \`xborder fuzz --runs ${RUNS}\` run, generation phase`, unit: 'orders/s', value: (RUNS / ctx.median(cli)) * 1000, baseline: (RUNS / ctx.median(cliBare)) * 1000, baselineLabel: 'bare undici loop, same bodies', ratio: ctx.median(cliBare) / ctx.median(cli) });
  } finally {
    merchant.stop();
  }
  const faulty = await startMerchant(ctx, ['--fault', 'crash-long-address']);
  try {
    const shrink = await timeFuzz(ctx, faulty.url);
    ctx.record({ label: `shrinking a known fault (crash-long-address, seed ${SEED}): ${shrink.shrinkSteps} requests`, unit: 'ms', value: shrink.shrinkMs });
  } finally {
    faulty.stop();
  }
}

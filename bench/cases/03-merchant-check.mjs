// Per-request overhead of a full `xborder check` against the local reference merchant, as a ratio to
// a bare undici loop sending the same requests (same methods, paths, bodies' sizes, credentials or
// none, same concurrency) to the same server. xborder's figure is the time of its requests alone
// (XBORDER_TIMING), so process start-up, measured by the startup case, is not counted twice.
// Two figures:
//  - per request, warmed: the suite's own code (dist/bench-kit.js: the plan, the checks, the engine)
//    run in this process after a warm-up, against a bare undici loop replaying the requests the
//    merchant logged for that same run (same methods, paths, auth modes, concurrency 4). This is the
//    per-request overhead the target is about: at most 1.3x.
//  - the whole CLI run (`xborder check`, request phase only), which adds one-time costs of a fresh
//    process (loading validators, ICU data, JIT warm-up); reported for information.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export const name = 'merchant check: per-request overhead vs a bare undici loop';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const TOKEN = '2c5c7b3db2ed101426cba38d9c534086';
const HEADER_KEY = 'bench-header-key-0123456789';
const SECRETS = { basic: 'bench-basic-password', jwt: 'bench-jwt-secret-0123456789abcdef', query: 'bench-query-key' };
const CONCURRENCY = 4;

function writeConfig(ctx, modes) {
  const file = join(ctx.tmp, `bench-merchant-${modes}.config.json`);
  writeFileSync(file, JSON.stringify({
    merchantGUID: GUID,
    merchant: { cartMethods: ['GET', 'POST'], cartToken: TOKEN, countryCode: 'DE', currencyCode: 'EUR' },
    auth: [
      { mode: 'header', name: 'X-Merchant-Key', value: HEADER_KEY },
      { mode: 'basic', username: 'platform', password: SECRETS.basic },
      { mode: 'jwt', algorithm: 'HS256', secret: SECRETS.jwt, issuer: 'platform' },
      { mode: 'query', name: 'key', value: SECRETS.query },
    ].slice(0, modes),
    timeoutMs: 30000,
  }));
  return file;
}

/** Starts `xborder mock merchant` and resolves with its URL and a live list of logged requests. */
function startMerchant(ctx, configFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ctx.root, 'bin/xborder.js'), 'mock', 'merchant', '--config', configFile], { cwd: ctx.tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = [];
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const listening = /listening on (\S+)/.exec(line);
        if (listening) resolve({ url: listening[1], log, stop: () => child.kill('SIGTERM') });
        const request = /^(GET|POST) (\S+) -> (\d+)(?: \(auth: (\w+)\))?/.exec(line);
        if (request) log.push({ method: request[1], path: request[2], status: Number(request[3]), auth: request[4] });
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`mock merchant exited ${code}`)));
  });
}

/** One timed `xborder check`; returns the request-phase milliseconds and the requests it made. */
async function timeCheck(ctx, configFile, url, merchant) {
  const before = merchant.log.length;
  const { code, stderr } = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ctx.root, 'bin/xborder.js'), 'check', '--json', '--config', configFile, '--merchant-url', url], {
      cwd: ctx.tmp, env: { ...process.env, XBORDER_TIMING: '1' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (exit) => resolve({ code: exit, stderr: err }));
  });
  if (code !== 0) throw new Error(`xborder check exited ${code}: ${stderr.slice(0, 500)}`);
  const timing = /xborder-timing: (\{.*\})/.exec(stderr);
  if (!timing) throw new Error('no xborder-timing line');
  // The merchant's log lines may still be in its stdout pipe: wait until the count settles.
  await settle(merchant);
  return { ms: JSON.parse(timing[1]).ms, requests: merchant.log.slice(before) };
}

/** The bare loop: the same requests with undici.request, CONCURRENCY at a time. */
async function timeBareLoop(ctx, url, requests) {
  const require = createRequire(join(ctx.root, 'package.json'));
  const { request, Agent } = require('undici');
  const { SignJWT } = await import(require.resolve('jose'));
  const jwtKey = new TextEncoder().encode(SECRETS.jwt);
  const agent = new Agent();
  const order = JSON.parse(readFileSync(join(ctx.root, 'samples/order-full.json'), 'utf8'));
  let n = 0;
  // The credentials of the mode the merchant accepted the request in (a JWT is signed per request,
  // as xborder does); refused requests go without any.
  const credentials = async (mode, target) => {
    if (mode === 'header') return { 'x-merchant-key': HEADER_KEY };
    if (mode === 'basic') return { authorization: `Basic ${Buffer.from(`platform:${SECRETS.basic}`).toString('base64')}` };
    if (mode === 'jwt') {
      const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('platform').setIssuedAt().setExpirationTime('5m').sign(jwtKey);
      return { authorization: `Bearer ${token}` };
    }
    if (mode === 'query') target.searchParams.set('key', SECRETS.query);
    return {};
  };
  const build = async (entry) => {
    const target = new URL(entry.path, url);
    const headers = { accept: 'application/json', ...(await credentials(entry.auth, target)) };
    if (entry.method === 'GET' || !entry.path.includes('order')) {
      for (const [k, v] of Object.entries({ countryCode: 'DE', currencyCode: 'EUR', merchantCartToken: TOKEN })) target.searchParams.set(k, v);
    }
    if (entry.method === 'GET') return { url: target, options: { method: 'GET', headers } };
    const body = entry.path.includes('order')
      ? JSON.stringify({ ...order, MerchantGUID: GUID, OrderId: `GEBENCH${Date.now()}${n++}DE`, MerchantOrderId: null })
      : JSON.stringify({ OrderID: `GEBENCH${n++}`, MerchantGUID: GUID });
    return { url: target, options: { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body } };
  };
  const start = process.hrtime.bigint();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { url: target, options } = await build(requests[next++]);
      const res = await request(target, { ...options, dispatcher: agent });
      await res.body.text();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await agent.close();
  return ms;
}

/** The suite in this process: one run of the full plan, timed; returns ms and the requests made. */
async function timeSuiteInProcess(kit, url, merchant) {
  const config = kit.defaultConfig();
  config.merchant.baseUrl = url;
  config.merchant.cartMethods = ['GET', 'POST'];
  config.merchant.cartToken = TOKEN;
  config.auth = [
    { mode: 'header', name: 'X-Merchant-Key', value: HEADER_KEY },
    { mode: 'basic', username: 'platform', password: SECRETS.basic },
    { mode: 'jwt', algorithm: 'HS256', secret: SECRETS.jwt, issuer: 'platform' },
    { mode: 'query', name: 'key', value: SECRETS.query },
  ];
  const ctx = { config, modes: config.auth, strict: false, verbose: false, mask: (s) => s, newOrderId: kit.orderIdFactory('DE', Date.now() + Math.floor(Math.random() * 1e6)), carts: kit.cartSourceOf(config) };
  const before = merchant.log.length;
  const start = process.hrtime.bigint();
  await kit.runPlan(kit.merchantPlan(ctx, { cart: true, orders: kit.sampleOrderSources(ctx), sequences: true, negatives: true }), { concurrency: CONCURRENCY });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await settle(merchant);
  return { ms, requests: merchant.log.slice(before) };
}

async function settle(merchant) {
  let seen = -1;
  while (seen !== merchant.log.length) {
    seen = merchant.log.length;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function run(ctx) {
  const configFile = writeConfig(ctx, 4);
  const merchant = await startMerchant(ctx, configFile);
  const kit = await import(pathToFileURL(join(ctx.root, 'dist/bench-kit.js')).href);
  try {
    const reps = Math.max(5, Math.min(15, ctx.reps));
    for (let i = 0; i < 3; i++) await timeBareLoop(ctx, merchant.url, (await timeSuiteInProcess(kit, merchant.url, merchant)).requests);
    const suite = [];
    const bare = [];
    let count = 0;
    for (let i = 0; i < reps; i++) {
      const run = await timeSuiteInProcess(kit, merchant.url, merchant);
      suite.push(run.ms);
      count = run.requests.length;
      bare.push(await timeBareLoop(ctx, merchant.url, run.requests));
    }
    await kit.closeAgents();
    const perRequest = ctx.median(suite) / count;
    const perBare = ctx.median(bare) / count;
    const ratio = perRequest / perBare;
    ctx.record({ label: `per request, warmed, full suite of ${count} requests (4 auth modes)`, unit: 'ms', value: perRequest, baseline: perBare, baselineLabel: 'bare undici loop, same requests', ratio, target: '<= 1.3x', pass: ratio <= 1.3 });

    await timeCheck(ctx, configFile, merchant.url, merchant); // warm-up of the OS caches
    const cli = [];
    const cliBare = [];
    for (let i = 0; i < Math.max(3, Math.round(reps / 2)); i++) {
      const one = await timeCheck(ctx, configFile, merchant.url, merchant);
      cli.push(one.ms);
      cliBare.push(await timeBareLoop(ctx, merchant.url, one.requests));
    }
    ctx.record({ label: `whole \`xborder check\` run, request phase, ${count} requests`, unit: 'ms', value: ctx.median(cli), baseline: ctx.median(cliBare), baselineLabel: 'bare undici loop, same requests', ratio: ctx.median(cli) / ctx.median(cliBare) });
  } finally {
    merchant.stop();
  }
}

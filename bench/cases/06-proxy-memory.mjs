// `xborder proxy` left running (issue 34): its memory must stay bounded whatever the answers' sizes.
// A merchant in this process answers every cart GET with a 2 MiB cart (the sample cart's products
// repeated, each with its own code); the proxy runs in a process of its own, through the RSS wrapper,
// recording a HAR (`--har`) and saving its run folder, and stops by itself after 400 exchanges
// (`--count`). This process sends the 400 GETs through it one at a time and reports the proxy's peak
// RSS (getrusage) against the 600 MiB target; the HAR must then be valid JSON with 400 entries.
// Before the fix each exchange cost about 3.5 MiB (640 MiB after 190 of them).
// BENCH_PROXY_MEMORY_EXCHANGES and BENCH_PROXY_MEMORY_MIB change the sizes for a quick look.
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const name = 'proxy: peak RSS over 400 exchanges of 2 MiB answers (HAR and run folder on)';

const EXCHANGES = Number(process.env.BENCH_PROXY_MEMORY_EXCHANGES ?? 400);
const ANSWER_MIB = Number(process.env.BENCH_PROXY_MEMORY_MIB ?? 2);
const TARGET_MB = 600;
const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const TOKEN = '2c5c7b3db2ed101426cba38d9c534086';

/** A cart of about `bytes` bytes: the sample cart with its products repeated, each code its own. */
function bigCart(root, bytes) {
  const cart = JSON.parse(readFileSync(join(root, 'samples/cart-full.json'), 'utf8'));
  const products = cart.productsList;
  const list = [];
  for (let i = 0, size = 0; size < bytes - 8000; i++) {
    const p = structuredClone(products[i % products.length]);
    p.ProductCode = `${p.ProductCode ?? 'P'}-${i}`;
    list.push(p);
    size += JSON.stringify(p).length + 1;
  }
  cart.productsList = list;
  return Buffer.from(JSON.stringify(cart));
}

function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'application/json' } }, (res) => {
      let n = 0;
      res.on('data', (d) => (n += d.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes: n }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The entries of the HAR at `path`, each parsed on its own (the file is larger than a string may be):
 * the proxy writes it as JSON.stringify(doc, null, 2) lays it out, so an entry is the lines from a
 * `{` to a `}` indented by 6. Throws unless the file opens and closes as a HAR does.
 */
async function harEntries(path) {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let count = 0;
  let entry;
  let head = '';
  let tail = '';
  for await (const line of lines) {
    if (entry !== undefined) {
      entry.push(line);
      if (line === '      }' || line === '      },') {
        JSON.parse(entry.join('\n').replace(/,$/, ''));
        count++;
        entry = undefined;
      }
    } else if (line === '      {') entry = [line];
    else if (count === 0) head += `${line}\n`;
    else tail += `${line}\n`;
  }
  JSON.parse(`${head}]}}`);
  if (tail !== '    ]\n  }\n}\n') throw new Error(`the HAR does not end as a HAR: ${JSON.stringify(tail)}`);
  return count;
}

export async function run(ctx) {
  const body = bigCart(ctx.root, ANSWER_MIB * 1024 * 1024);
  const merchant = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${merchant.address().port}`;
  const config = join(ctx.tmp, 'proxy-memory.config.json');
  writeFileSync(config, JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: target, cartToken: TOKEN }, auth: [{ mode: 'none' }] }));
  const har = join(ctx.tmp, 'proxy-memory.har');
  const rssFile = join(ctx.tmp, 'proxy-memory-rss.json');
  const wrapper = fileURLToPath(new URL('../rss-wrapper.mjs', import.meta.url));
  const args = ['proxy', '--config', config, '--target', target, '--port', '0', '--count', String(EXCHANGES), '--har', har, '--out', join(ctx.tmp, 'proxy-memory-run'), '--quiet'];
  const proxy = spawn(process.execPath, [wrapper, join(ctx.root, 'bin/xborder.js'), ...args], { cwd: ctx.tmp, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BENCH_RSS_FILE: rssFile } });
  let stderr = '';
  const exited = new Promise((resolve) => proxy.on('exit', (code) => resolve(code)));
  const url = await new Promise((resolve, reject) => {
    proxy.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-20_000);
      const m = /listening on (http:\/\/[\d.:]+)/.exec(stderr);
      if (m) resolve(m[1]);
    });
    proxy.on('exit', (code) => reject(new Error(`the proxy exited ${code} before listening: ${stderr}`)));
  });
  const started = Date.now();
  try {
    for (let i = 0; i < EXCHANGES; i++) {
      const res = await get(`${url}/get-checkout-cart-info-url?merchantCartToken=${TOKEN}&MerchantGUID=${GUID}`);
      if (res.status !== 200 || res.bytes !== body.length) throw new Error(`exchange ${i + 1}: HTTP ${res.status}, ${res.bytes} bytes`);
    }
    const code = await exited;
    // Exit 0, or 1 when the big cart fails a check: the proxy judged and reported; 2 and up did not.
    if (code !== 0 && code !== 1) throw new Error(`the proxy exited ${code}: ${stderr.slice(-2000)}`);
  } finally {
    proxy.kill('SIGKILL');
    await new Promise((resolve) => merchant.close(resolve));
  }
  const seconds = (Date.now() - started) / 1000;
  const { maxRSS } = JSON.parse(readFileSync(rssFile, 'utf8'));
  const peak = maxRSS / 1024;
  process.stdout.write(`  proxy peak RSS: ${peak.toFixed(1)} MB; reading the HAR back\n`);
  const entries = await harEntries(har);
  ctx.record({ label: `peak RSS of the proxy, ${EXCHANGES} exchanges of ${ANSWER_MIB} MiB answers (${seconds.toFixed(0)} s, HAR of ${entries} entries)`, unit: 'MB', value: peak, target: `<= ${TARGET_MB} MB`, pass: peak <= TARGET_MB && entries === EXCHANGES });
}

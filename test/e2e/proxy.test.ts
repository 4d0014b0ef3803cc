/**
 * End to end: clients talk to the reference merchant through `xborder proxy` (conforming, with a
 * fault, and with the merchant gone). The caller gets the merchant's answers byte for byte, the
 * proxy's report names the fault, the HAR it wrote is masked, validates and replays, and `diff` of
 * the run before and after the fault reports the regression.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { proxyProject, startProxyCli } from '../helpers/proxy-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const PLATFORM_SECRET = 'platform-bearer-7f3a9c2e51';
const running: MockMerchantServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function merchant(fault?: string): Promise<MockMerchantServer> {
  const server = await startMockMerchant({ config: defaultConfig(), ...(fault ? { fault } : {}) });
  running.push(server);
  return server;
}

/** A project (auth none) for the proxy, its merchant at `baseUrl`. */
const project = proxyProject;

/** A raw GET: status, content-type and the body bytes as received. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const cartPath = `/get-checkout-cart-info-url?merchantCartToken=${defaultConfig().merchant.cartToken}&countryCode=DE&currencyCode=EUR`;

/** One session through the proxy: a raw cart GET (with the platform's credential), then `post-order` (cart + order). */
async function session(dir: string, target: string, out: string, har: string): Promise<{ proxy: CliResult; client: CliResult; viaProxy: Awaited<ReturnType<typeof rawGet>>; direct: Awaited<ReturnType<typeof rawGet>> }> {
  const { url, done } = await startProxyCli(['--target', target, '--count', '3', '--har', har, '--out', out, '--json'], dir);
  const viaProxy = await rawGet(`${url}${cartPath}`, { authorization: `Bearer ${PLATFORM_SECRET}` });
  const direct = await rawGet(`${target}${cartPath}`);
  const client = await runCli(['post-order', '--merchant-url', url, '--no-save'], { cwd: dir });
  return { proxy: await done, client, viaProxy, direct };
}

describe('xborder proxy', () => {
  it('forwards byte for byte, judges, records a masked HAR that validates and replays; diff finds the regression a fault brings', async () => {
    const good = await merchant();
    const dir = project(good.url);
    const before = await session(dir, good.url, 'run-before', 'before.har');
    expect(before.viaProxy.status).toBe(before.direct.status);
    expect(before.viaProxy.type).toBe(before.direct.type);
    expect(before.viaProxy.body.equals(before.direct.body)).toBe(true);
    expect(before.client.code).toBe(0);
    expect(before.proxy.code, before.proxy.stderr).toBe(0);
    expect(before.proxy.stderr).toMatch(/200 POST \/order-update-create-url GE\d+DE {2}order-response: pass/);
    const report = JSON.parse(before.proxy.stdout);
    expect(report.cases.map((c: { endpoint: string }) => c.endpoint)).toEqual(['GetCheckoutCartInfo', 'GetCheckoutCartInfo', 'SendOrderToMerchant']);
    expect(report.summary.failed).toBe(0);
    const harText = readFileSync(join(dir, 'before.har'), 'utf8');
    expect(JSON.parse(harText).log.entries).toHaveLength(3);
    expect(harText).not.toContain(PLATFORM_SECRET);
    expect(`${before.proxy.stdout}${before.proxy.stderr}${readFileSync(join(dir, 'run-before', 'report.json'), 'utf8')}`).not.toContain(PLATFORM_SECRET);

    const validated = await runCli(['validate', 'before.har'], { cwd: dir });
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    expect(validated.stdout).toContain('0 failed');

    const replayed = await runCli(['replay', 'before.har', '--fresh-ids', '--compare', '--no-save'], { cwd: dir });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain('No regression.');
    expect(replayed.stderr).toMatch(/Replaying 3 requests .* with auth none, fresh OrderIds/);

    const broken = await merchant('order-no-internal-id');
    const after = await session(dir, broken.url, 'run-after', 'after.har');
    expect(after.client.code).toBe(1);
    expect(after.proxy.code).toBe(1);
    expect(after.proxy.stderr).toMatch(/POST \/order-update-create-url GE\d+DE {2}order-response: FAIL response-outcome/);
    const failing = JSON.parse(after.proxy.stdout).cases.flatMap((c: { checks: { id: string; status: string }[] }) => c.checks.filter((k) => k.status === 'failed').map((k) => k.id));
    expect(failing).toContain('response-outcome');

    const diff = await runCli(['diff', 'run-before', 'run-after'], { cwd: dir });
    expect(diff.code, diff.stdout + diff.stderr).toBe(1);
    expect(diff.stdout).toContain('NEWLY FAILING  SendOrderToMerchant | #3 POST /order-update-create-url | recorded');
    expect(diff.stdout).toContain('Regression');
    const same = await runCli(['diff', 'run-before', 'run-before'], { cwd: dir });
    expect(same.code).toBe(0);

    // The proxy's run folder keeps every case's (masked) bodies: it replays against the fixed merchant.
    const fixedRun = await runCli(['replay', 'run-after', '--target', good.url, '--fresh-ids', '--compare', '--no-save'], { cwd: dir });
    expect(fixedRun.code, fixedRun.stdout + fixedRun.stderr).toBe(0);
    expect(fixedRun.stdout).toContain('fixed  SendOrderToMerchant | #3 POST /order-update-create-url | recorded  (failed -> passed)');
    expect(fixedRun.stdout).toContain('+ /ResponseInfo/InternalOrderId');
  }, 120_000); // about 35 s at a load average of 15 on two cores

  it('answers 502 when the merchant is gone, reports it and exits', async () => {
    const gone = await merchant();
    const target = gone.url;
    await running.pop()!.close();
    const dir = project(target);
    const { url, done } = await startProxyCli(['--target', target, '--count', '1', '--no-save', '--har', 'gone.har'], dir);
    const got = await rawGet(`${url}${cartPath}`);
    expect(got.status).toBe(502);
    const proxy = await done;
    expect(proxy.code).toBe(3);
    expect(proxy.stderr).toContain('answered by the proxy');
    expect(JSON.parse(readFileSync(join(dir, 'gone.har'), 'utf8')).log.entries[0].response.status).toBe(0);
  }, 30_000);

  it('reports on Ctrl-C (SIGINT) what it saw so far', async () => {
    const good = await merchant();
    const dir = project(good.url);
    const { url, done, interrupt, stderr } = await startProxyCli(['--target', good.url, '--no-save', '--json'], dir);
    const got = await rawGet(`${url}${cartPath}`);
    expect(got.status).toBe(200);
    // The exchange is judged once the caller has its answer: wait for its verdict line, not a time.
    while (!/cart: (pass|FAIL|warn)/.test(stderr())) await new Promise((r) => setTimeout(r, 20));
    interrupt();
    const proxy = await done;
    expect(proxy.code, proxy.stderr).toBe(0);
    expect(JSON.parse(proxy.stdout).cases).toHaveLength(1);
  }, 30_000);

  it("validates a browser's HAR export and lists the other entries as skipped", async () => {
    const dir = project();
    const fixture = new URL('../fixtures/browser-export.har', import.meta.url).pathname;
    const result = await runCli(['validate', fixture], { cwd: dir });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain('3 entries, 2 judged, 1 skipped');
    expect(result.stderr).toContain('#3 GET /favicon.ico');
    expect(result.stdout).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  }, 30_000);
});

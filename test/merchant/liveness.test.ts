/**
 * The liveness watch on its own: a refusal that the re-probe finds answered is a blip (nothing
 * stops); a merchant found gone stops every task not yet started; the tasks in flight when it fell
 * are blamed (a group of copies first, else the requests it dropped), and a merchant that never
 * answered is blamed for nothing. The re-probe is given, so no network is involved.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { RequestLedger, inLedger } from '../../src/http/ledger.js';
import { MerchantLiveness, stopLine } from '../../src/merchant/liveness.js';
import type { Task } from '../../src/engine/run-plan.js';
import type { CaseResult, Exchange, RequestSpec } from '../../src/model.js';

const config = (() => {
  const c = defaultConfig();
  c.merchant.baseUrl = 'http://shop.test';
  return c;
})();
const spec: RequestSpec = { method: 'POST', url: 'http://shop.test/order-update-create-url', headers: {} };
const answered: Exchange = { request: spec, response: { status: 200, headers: {}, body: Buffer.alloc(0), truncated: false, timeToFirstByteMs: 1 }, durationMs: 1 };
const dropped: Exchange = { request: spec, error: { code: 'ECONNRESET', message: 'shop.test closed the connection early' }, durationMs: 1 };
const refused: Exchange = { request: spec, error: { code: 'ECONNREFUSED', message: 'connection refused by shop.test' }, durationMs: 1 };

function errored(variant: string, code: string, extra: CaseResult['checks'] = []): CaseResult {
  return { endpoint: 'SendOrderToMerchant', variant, authMode: 'none', request: spec, checks: [{ id: 'reachable', status: 'errored', findings: [{ message: 'could not reach', actual: code }] }, ...extra] };
}

/** A task that sends `exchanges` through the ledger (each ended at once) and reports `cases`. */
function task(label: string, ledger: RequestLedger, exchanges: Exchange[], cases: CaseResult[]): Task {
  const t: Task = {
    label,
    keys: cases.map((c) => `${c.endpoint}|${c.variant}|${c.authMode}`),
    run: async () => {
      const entries = exchanges.map((x) => ({ entry: ledger.begin(x.request, t), x }));
      for (const { entry, x } of entries) ledger.end(entry, x);
      return cases;
    },
  };
  return t;
}

async function runAll(ledger: RequestLedger, tasks: Task[]): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const t of tasks) out.push(...[await inLedger(ledger, t, () => t.run())].flat());
  return out;
}

describe('MerchantLiveness', () => {
  it('a refusal the re-probe finds answered is a blip: nothing stops, nothing is blamed', async () => {
    const liveness = new MerchantLiveness(config, async () => true);
    const ledger = new RequestLedger(liveness.observe);
    const tasks = [task('a', ledger, [answered], []), task('b', ledger, [refused], [errored('b', 'ECONNREFUSED')]), task('c', ledger, [answered], [])];
    liveness.wire(tasks);
    const cases = await runAll(ledger, tasks);
    expect(liveness.blame(cases)).toEqual({ cases });
  });

  it('copies at once that took it down fail their race check; later tasks are not sent; the headline says when and what was in flight', async () => {
    const liveness = new MerchantLiveness(config, async () => false);
    const ledger = new RequestLedger(liveness.observe);
    const race = errored('redelivery-concurrent', 'ECONNRESET', [{ id: 'redelivery-concurrent', status: 'skipped', findings: [{ severity: 'info', message: 'none of the 4 deliveries was accepted' }] }]);
    const tasks = [task('cart', ledger, [answered, answered], []), task('order 4 deliveries at once [none]', ledger, [dropped, dropped, dropped, dropped], [race]), task('order order-full [none]', ledger, [], [errored('order-full', 'ECONNREFUSED')])];
    liveness.wire(tasks);
    const cases = await runAll(ledger, tasks);
    const { cases: judged, stop } = liveness.blame(cases);
    // The group's failure, and not again its copies' reachable errors.
    expect(judged[0]!.checks.map((k) => `${k.id} ${k.status}`)).toEqual(['redelivery-concurrent failed']);
    // The third task was not sent: its case errored, "not sent".
    expect(judged[1]!.checks).toEqual([{ id: 'reachable', status: 'errored', findings: [{ message: expect.stringMatching(/^not sent: the merchant stopped answering at \d\d:\d\d:\d\d UTC after 2 answered requests/) }] }]);
    expect(stop).toMatchObject({ answeredBefore: 2, code: 'ECONNRESET', inFlight: ['order 4 deliveries at once [none]'], crashedUnder: ['redelivery-concurrent'], notSent: 1, lastAnswer: 'POST /order-update-create-url' });
    expect(stopLine(stop!)).toContain('in flight then: order 4 deliveries at once [none]');
  });

  it('without a group, the request it dropped fails reachable; a refused one stays errored', async () => {
    const liveness = new MerchantLiveness(config, async () => false);
    const ledger = new RequestLedger(liveness.observe);
    const tasks = [task('cart', ledger, [answered], []), task('order order-large [none]', ledger, [dropped], [errored('order-large', 'ECONNRESET'), errored('other', 'ECONNREFUSED')])];
    liveness.wire(tasks);
    const { cases } = liveness.blame(await runAll(ledger, tasks));
    expect(cases.map((c) => c.checks[0]!.status)).toEqual(['failed', 'errored']);
    expect(cases[0]!.checks[0]!.findings[0]!.message).toMatch(/^the merchant dropped this request and stopped answering/);
  });

  it('a merchant that never answered is blamed for nothing', async () => {
    const liveness = new MerchantLiveness(config, async () => false);
    const ledger = new RequestLedger(liveness.observe);
    const tasks = [task('cart', ledger, [dropped], [errored('GET', 'ECONNRESET')]), task('order', ledger, [], [errored('order-full', 'ECONNREFUSED')])];
    liveness.wire(tasks);
    const { cases, stop } = liveness.blame(await runAll(ledger, tasks));
    expect(cases.flatMap((c) => c.checks).every((k) => k.status === 'errored')).toBe(true);
    expect(stop).toMatchObject({ answeredBefore: 0, notSent: 1 });
    expect(stopLine(stop!)).toBe('nothing answers at http://shop.test: shop.test closed the connection early (ECONNRESET). Is it running?');
  });
});

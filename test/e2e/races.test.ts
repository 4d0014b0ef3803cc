/**
 * End to end: the race checks of the built CLI against a merchant built like the public
 * integrations (check-then-insert, test/personas/check-then-insert.ts) and against the same
 * merchant with a lock per OrderId. The first fails the race checks and passes the sequential
 * re-delivery; the second passes all. The merchant's own log proves the copies really overlapped.
 * Then the reference merchant's race and leak faults through `xborder demo`, and a bad `--race`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { checkJson, storeProject } from '../helpers/store-project.js';
import { startCheckThenInsert, type CheckThenInsertHandle, type DeliveryLog } from '../personas/check-then-insert.js';

const GUID = '3a7e1c52-9b0d-4e6f-8a21-5c4d3b2a1f09';
const RACE_CHECKS = 'redelivery-concurrent,redelivery-after-timeout,refund-concurrent,idempotent-redelivery';

interface Report {
  summary: Record<string, number>;
  cases: { endpoint: string; variant: string; checks: { id: string; status: string; findings: { message: string; severity?: string }[] }[] }[];
}

const running: CheckThenInsertHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** Starts the persona and runs `xborder check --json` against it with the race checks selected. */
async function checkPersona(persona: { createMs: number; lock?: boolean }, timeoutMs: number, extra: string[] = []) {
  const handle = await startCheckThenInsert({ merchantGUID: GUID, ...persona });
  running.push(handle);
  const dir = storeProject(handle.url, { guid: GUID, auth: [{ mode: 'none' }], cartMethods: ['GET'], timeoutMs, merchant: { events: ['refund'] } });
  const { code, report } = await checkJson<Report>(dir, ['--no-save', '--checks', RACE_CHECKS, ...extra]);
  return { code, report, handle };
}

/** The status of check `id` (in the one case that carries it). */
function status(report: Report, id: string): string | undefined {
  const found = report.cases.flatMap((c) => c.checks).filter((k) => k.id === id);
  expect(found.length, id).toBe(1);
  return found[0]!.status;
}

/** The deliveries of the one key the log shows `count` times (the concurrent copies). */
function copies(log: DeliveryLog[], kind: DeliveryLog['kind'], count: number): DeliveryLog[] {
  const byKey = new Map<string, DeliveryLog[]>();
  for (const e of log.filter((x) => x.kind === kind)) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  const groups = [...byKey.values()].filter((g) => g.length >= count);
  expect(groups.length, `${kind} keys delivered ${count} times or more`).toBeGreaterThanOrEqual(1);
  return groups[0]!.slice(0, count);
}

/** Every copy arrived before any copy was answered: the deliveries overlapped in time at the merchant. */
function expectOverlap(group: DeliveryLog[]): void {
  const lastArrival = Math.max(...group.map((e) => e.start));
  const firstAnswer = Math.min(...group.map((e) => e.end));
  expect(lastArrival).toBeLessThan(firstAnswer);
}

describe('race checks against a check-then-insert merchant', () => {
  it('without a lock: concurrent copies make several orders and a refund is applied twice; the sequential re-delivery passes', async () => {
    const { code, report, handle } = await checkPersona({ createMs: 50 }, 10_000);
    expect(status(report, 'idempotent-redelivery')).toBe('passed');
    expect(status(report, 'redelivery-concurrent')).toBe('failed');
    expect(status(report, 'refund-concurrent')).toBe('failed');
    // Answered well within the timeout: the platform would not retry, so the check says so and passes.
    expect(status(report, 'redelivery-after-timeout')).toBe('passed');
    const retry = report.cases.flatMap((c) => c.checks).find((k) => k.id === 'redelivery-after-timeout')!;
    expect(retry.findings[0]!.message).toMatch(/retry never happened/);
    expect(code).toBe(1);

    const log = handle.log();
    const orders = copies(log, 'order', 4);
    expectOverlap(orders);
    // The merchant's own answers: more than one order for one OrderId, and the finding names them.
    const ids = new Set(orders.filter((e) => e.status === 200).map((e) => e.answer));
    expect(ids.size).toBeGreaterThan(1);
    const finding = report.cases.flatMap((c) => c.checks).find((k) => k.id === 'redelivery-concurrent')!.findings[0]!.message;
    for (const id of ids) expect(finding).toContain(id);
    expectOverlap(copies(log, 'refund', 4));
    expect(handle.orders().filter((o) => o.platformOrderId === orders[0]!.key).length).toBe(ids.size);
  });

  it('with a lock per OrderId: the same concurrent copies make one order, and every race check passes', async () => {
    const { code, report, handle } = await checkPersona({ createMs: 50, lock: true }, 10_000);
    for (const id of RACE_CHECKS.split(',')) expect(status(report, id), id).toBe('passed');
    expect(code).toBe(0);
    const orders = copies(handle.log(), 'order', 4);
    // The copies still arrived together; the lock made them wait, so they name one order.
    expectOverlap(orders);
    expect(new Set(orders.map((e) => e.answer)).size).toBe(1);
    expectOverlap(copies(handle.log(), 'refund', 4));
  });

  it('a slow merchant (500 ms to create, 300 ms timeout): the retry in flight makes a second order without a lock, none with one', async () => {
    const unlocked = await checkPersona({ createMs: 500 }, 300, ['--checks', 'redelivery-after-timeout']);
    expect(status(unlocked.report, 'redelivery-after-timeout')).toBe('failed');
    expect(unlocked.code).toBe(1);
    // The retry left while the first delivery was still being created.
    const first = copies(unlocked.handle.log(), 'order', 2);
    expect(first[1]!.start).toBeLessThan(first[0]!.end);
    const locked = await checkPersona({ createMs: 500, lock: true }, 300, ['--checks', 'redelivery-after-timeout']);
    expect(status(locked.report, 'redelivery-after-timeout')).toBe('passed');
    expect(locked.code).toBe(0);
  });

  it('--race 2 sends two copies at once; --race 1 is a usage error (exit 2, one paragraph, no stack)', async () => {
    const { report, handle } = await checkPersona({ createMs: 50 }, 10_000, ['--checks', 'redelivery-concurrent', '--race', '2']);
    expect(status(report, 'redelivery-concurrent')).toBe('failed');
    const perOrder = new Map<string, number>();
    for (const e of handle.log().filter((x) => x.kind === 'order')) perOrder.set(e.key, (perOrder.get(e.key) ?? 0) + 1);
    // One OrderId came twice (the copies); the other orders of the run once each.
    expect([...perOrder.values()].filter((n) => n > 1)).toEqual([2]);
    const bad = await runCli(['check', '--race', '1', '--merchant-url', 'http://127.0.0.1:9'], { cwd: mkdtempSync(join(tmpdir(), 'xb-races-')) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--race: expected a whole number from 2 to 64, got "1"/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('xborder demo --fault finds each race and leak fault', () => {
  it.each([
    ['redelivery-race', 'redelivery-concurrent', 'failed', 1],
    ['refund-race', 'refund-concurrent', 'failed', 1],
    ['slow-redelivery', 'redelivery-after-timeout', 'failed', 1],
    ['error-leaks', 'error-leaks-internals', 'warning', 0],
  ])('%s: %s %s', async (fault, id, expected, exit) => {
    const r = await runCli(['demo', '--fault', fault, '--json', '--no-save', '--auth', 'header', '--checks', id], { timeoutMs: 120_000 });
    expect(r.code).toBe(exit);
    const report = JSON.parse(r.stdout) as Report;
    const statuses = new Set(report.cases.flatMap((c) => c.checks).filter((k) => k.id === id).map((k) => k.status));
    expect(statuses.has(expected)).toBe(true);
    if (fault === 'error-leaks') {
      const finding = report.cases.flatMap((c) => c.checks).find((k) => k.status === 'warning')!.findings[0]!.message;
      expect(finding).toMatch(/carries a (stack trace|server path): ".*\/srv\/merchant\//);
    }
  });

  it('without a fault, the demo passes every race check', async () => {
    const r = await runCli(['demo', '--json', '--no-save', '--auth', 'header', '--checks', 'redelivery-concurrent,redelivery-after-timeout,refund-concurrent,error-leaks-internals'], { timeoutMs: 120_000 });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    for (const id of ['redelivery-concurrent', 'redelivery-after-timeout', 'refund-concurrent', 'error-leaks-internals']) {
      expect(report.cases.some((c) => c.checks.some((k) => k.id === id && k.status === 'passed')), id).toBe(true);
    }
  });
});

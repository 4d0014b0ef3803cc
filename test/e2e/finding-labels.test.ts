/**
 * Failure details label each finding FAIL, warn or info, and name a property the merchant spelled
 * its own way both ways: `/ResponseInfo/InternalOrderId (sent as InternalOrderID)`.
 *
 * The merchant answers every request with an order answer labelled text/plain (a failure), Success
 * as the string "true" and InternalOrderID in another casing (two tolerated forms: warnings).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let server: Server;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify({ ResponseInfo: { Success: 'true', InternalOrderID: 'X-1', StatusCode: 'New', Description: 'ok' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'xb-labels-'));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: 'a1b2c3d4-0000-4000-8000-00000000abcf', merchant: { baseUrl: url, cartToken: 'tok-1' }, auth: [{ mode: 'none' }], timeoutMs: 5000 }));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** The detail block of the order case. */
function orderDetail(stdout: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('SendOrderToMerchant order-minimal'));
  expect(start).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && l === '');
  return lines.slice(start, end);
}

describe('failure details', () => {
  it('label each finding and quote the merchant\'s spelling beside the interface\'s', async () => {
    const result = await runCli(['post-order', '--sample', 'order-minimal', '--no-save'], { cwd: dir, env: { COLUMNS: '200' } });
    expect(result.code).toBe(1);
    const detail = orderDetail(result.stdout);
    expect(detail).toContain('  FAIL content-type-json: the response is not labelled as JSON (expected application/json, received text/plain)');
    expect(detail).toContain('  warn order-response-lenient: /ResponseInfo/InternalOrderId (sent as InternalOrderID): InternalOrderID: documented as InternalOrderId');
    expect(detail.some((l) => l.startsWith('  warn order-response-lenient: /ResponseInfo/Success: "true" is a string'))).toBe(true);
    // Every finding line carries its label.
    const findings = detail.filter((l) => /^  \S+ [a-z0-9-]+: /.test(l) && !/^  (request|response|reproduce|body|see):/.test(l));
    expect(findings.length).toBe(3);
    for (const l of findings) expect(l).toMatch(/^  (FAIL|warn|info) /);
  });

  it('with --strict the tolerated spellings fail, and say so', async () => {
    const result = await runCli(['post-order', '--sample', 'order-minimal', '--no-save', '--strict'], { cwd: dir, env: { COLUMNS: '200' } });
    expect(result.code).toBe(1);
    expect(orderDetail(result.stdout)).toContain('  FAIL order-response-lenient: /ResponseInfo/InternalOrderId (sent as InternalOrderID): InternalOrderID: documented as InternalOrderId');
  });
});

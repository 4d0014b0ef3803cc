/**
 * Findings inside places the report masks whole, and documents with a "__proto__" key: the built CLI
 * reports them (masked where the value is secret) instead of crashing with an internal error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'xborder-masked-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, doc: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return path;
}

describe('validate: findings under a value masked whole', () => {
  it('a finding deep inside CardFields (whose values are masked whole) is reported, masked, exit 1', async () => {
    // Country codes under CardFields are judged by iso-codes; CardFields' values are masked whole.
    // The PIN as a number: the lenient check reports it, with its value, at /CardFields/Pin.
    const doc = { MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', CardFields: { CardId: 'GC-1', Pin: 4821, Extra: [{ Nested: { CountryCode: 'XX' } }] } };
    const path = file('card.json', doc);
    const result = await runCli(['validate', '-v', '--json', '--as', 'gift-card-request', path]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    const iso = report.cases[0].checks.find((c: { id: string }) => c.id === 'iso-codes');
    expect(iso.findings[0].path).toBe('/CardFields/Extra/0/Nested/CountryCode');
    const pin = report.cases[0].checks.find((c: { id: string }) => c.id === 'lenient').findings.find((f: { path: string }) => f.path === '/CardFields/Pin');
    expect(pin.actual).toBe('****');
    expect(result.stdout).not.toContain('4821');
    // The same report in clear shows it: the assertion above looks where the PIN would be.
    const clear = await runCli(['validate', '-v', '--json', '--show-secrets', '--as', 'gift-card-request', path]);
    expect(clear.stdout).toContain('4821');
  });
});

describe('validate: a "__proto__" key', () => {
  it('is reported as the undocumented property it is, the key kept, without an internal error', async () => {
    // What lies under the key is masked by the redactor like any other value (own-proto-key.test.ts).
    const text = '{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77","OrderId":"GE1GB","__proto__":{"CardNumber":"4111111111111111"}}';
    const result = await runCli(['validate', '-v', '--json', file('proto.json', text)]);
    expect(result.stderr).not.toMatch(/internal error/);
    const report = JSON.parse(result.stdout);
    const unknown = report.cases[0].checks.find((c: { id: string }) => c.id === 'unknown-properties');
    expect(unknown.findings.map((f: { path: string }) => f.path)).toEqual(['/__proto__']);
  });
});

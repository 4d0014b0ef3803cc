/**
 * The constraints the shipped schemas carry for other tools (ISO code lists, formats, minimums,
 * conditions) are the ones xborder's checks judge, and xborder's own verdicts stay as they were: the
 * compiled validators leave them to the named checks (`x-judged-by`), so a value is failed once, by
 * the check that decodes it first and says what is wrong.
 */
import { readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allCountryCodes, allCurrencyCodes } from '../../src/rules/iso-codes.js';
import { isCheckId } from '../../src/checks/registry.js';
import { runCli } from '../helpers/run-cli.js';

const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));
type Node = Record<string, unknown>;

function schemas(): [string, Node][] {
  return readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json')).map((f) => [f, JSON.parse(readFileSync(join(SCHEMAS, f), 'utf8')) as Node]);
}

function walk(node: unknown, fn: (n: Node) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, fn));
  else if (node && typeof node === 'object') {
    fn(node as Node);
    for (const v of Object.values(node)) walk(v, fn);
  }
}

describe('shipped schema constraints', () => {
  it('the ISO lists are the codes xborder accepts (src/rules/iso-codes.ts)', () => {
    let lists = 0;
    for (const [file, schema] of schemas()) {
      const defs = (schema.$defs ?? {}) as Record<string, { enum?: unknown[] }>;
      if (defs.IsoCurrencyCode) {
        lists++;
        expect(defs.IsoCurrencyCode.enum!.filter((c) => c !== null), file).toEqual(allCurrencyCodes());
      }
      if (defs.IsoCountryCode) {
        lists++;
        expect(defs.IsoCountryCode.enum!.filter((c) => c !== null), file).toEqual(allCountryCodes());
      }
    }
    expect(lists).toBeGreaterThanOrEqual(8);
  });

  it('every x-judged-by names registered checks and keywords its node has', () => {
    let marked = 0;
    for (const [file, schema] of schemas()) {
      walk(schema, (node) => {
        const judged = node['x-judged-by'] as { checks: string[]; omit: string[] } | undefined;
        if (!judged) return;
        marked++;
        for (const id of judged.checks) expect(isCheckId(id), `${file}: ${id}`).toBe(true);
        for (const keyword of judged.omit) expect(node, `${file}: ${keyword}`).toHaveProperty([keyword]);
      });
    }
    expect(marked).toBeGreaterThan(30);
  });

  it('xborder validate fails such a value once, in the check that judges it, as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-constraints-'));
    const product = { ProductCode: 'SKU-1', OrderedQuantity: 1, SalePrice: 10 };
    const carts = [
      { productsList: [product], currencyCode: 'XYZ', CountryCode: 'DE' },
      { productsList: [{ ...product, SalePrice: -1 }], CountryCode: 'DE' },
      { productsList: [product], CountryCode: 'DE', paymentInstallments: '{}' },
      { productsList: [product], CountryCode: 'DE', shippingDetails: { Email: 'anna.mueller%40example.de' } },
      { productsList: [product], currencyCode: 'eur', CountryCode: 'DE' },
    ];
    const file = join(dir, 'carts.ndjson');
    writeFileSync(file, carts.map((c) => JSON.stringify(c)).join('\n') + '\n');
    const report = JSON.parse((await runCli(['validate', '--as', 'cart', '--json', file])).stdout) as { cases: { checks: { id: string; status: string }[] }[] };
    const failed = report.cases.map((c) => c.checks.filter((k) => k.status === 'failed').map((k) => k.id));
    expect(failed).toEqual([
      ['iso-codes'],
      ['cart-quantities-prices'],
      ['cart-installments'],
      [],
      // A lower-case code is refused by the schema's shape, as before (the ISO list is not consulted).
      ['schema'],
    ]);
  });
});

/**
 * End to end: `xborder fuzz` finds each latent fault of the reference merchant (crashes only some
 * valid orders trigger), shrinks it to the essence (one product, the offending value kept, the rest
 * left out), saves it where `post-order --file` posts it again and reproduces the crash.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const running: MockMerchantServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function project(fault: string): Promise<string> {
  const server = await startMockMerchant({ config: defaultConfig(), fault });
  running.push(server);
  const dir = mkdtempSync(join(tmpdir(), 'xb-fuzz-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: server.url }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  return dir;
}

type Order = Record<string, any>;
const ADDRESS_BLOCKS = ['PrimaryShipping', 'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling'];
/** The address fields the minimal order still sets. */
const addressFields = (order: Order) => ADDRESS_BLOCKS.flatMap((b) => Object.keys(order[b] ?? {}).map((k) => `${b}.${k}`));
/** Optional top-level fields a minimal order has no need for. */
const EXTRAS = ['Customer', 'CustomerComments', 'LoyaltyCode', 'FreeShippingCouponCode', 'WebStoreCode', 'PaymentDetails', 'Subs', 'ClearCart', 'IsMoto', 'IsFreeShipping'];

/** Each fault, a seed that finds it, and what the minimal order must still show. */
const FAULTS: { fault: string; essence: (order: Order) => void }[] = [
  {
    fault: 'crash-astral',
    essence: (order) => {
      const astral = JSON.stringify(order).match(/[\u{10000}-\u{10FFFF}]/gu) ?? [];
      expect(astral).toHaveLength(1);
      expect(order.Products).toHaveLength(1);
    },
  },
  {
    fault: 'crash-many-products',
    essence: (order) => {
      expect(order.Products).toHaveLength(51);
      expect(addressFields(order)).toEqual([]);
    },
  },
  {
    fault: 'crash-long-address',
    essence: (order) => {
      expect(order.Products).toHaveLength(1);
      expect(addressFields(order)).toHaveLength(1);
      const [block, field] = addressFields(order)[0]!.split('.');
      expect(['Address1', 'Address2']).toContain(field);
      expect(order[block!][field!]).toBe('a'.repeat(101));
    },
  },
  {
    fault: 'crash-discount-no-product',
    essence: (order) => {
      expect(order.Products).toHaveLength(1);
      expect(order.Discounts).toHaveLength(1);
      expect(order.Discounts[0].ProductCartItemId).toBeNull();
      expect(addressFields(order)).toEqual([]);
    },
  },
  {
    fault: 'crash-empty-state',
    essence: (order) => {
      expect(order.Products).toHaveLength(1);
      expect(addressFields(order).map((f) => f.split('.')[1])).toEqual(['StateCode']);
      expect(ADDRESS_BLOCKS.some((b) => order[b]?.StateCode === '')).toBe(true);
    },
  },
];

describe('fuzz finds and shrinks each latent fault of the reference merchant', () => {
  for (const { fault, essence } of FAULTS) {
    it(`${fault}: found with seed 1, shrunk to its essence, saved, reproduced by post-order --file`, async () => {
      const dir = await project(fault);
      const save = join(dir, 'findings');
      const result = await runCli(['fuzz', '--runs', '300', '--seed', '1', '--save', save, '--json'], { cwd: dir, timeoutMs: 120_000 });
      expect(result.code, result.stderr).toBe(1);
      const report = JSON.parse(result.stdout) as { cases: { variant: string; checks: { id: string; status: string }[] }[] };
      const minimal = report.cases.find((c) => c.variant.startsWith('minimal failing order'))!;
      expect(minimal.checks.find((c) => c.id === 'status-200')?.status).toBe('failed');
      expect(result.stderr).toContain('Seed 1: replay the whole run with `xborder fuzz --endpoint order --runs 300 --seed 1`');

      const files = readdirSync(save).sort();
      expect(files).toEqual(['seed.txt', 'status-200-1.order.json']);
      expect(readFileSync(join(save, 'seed.txt'), 'utf8')).toContain('seed 1');
      const order = JSON.parse(readFileSync(join(save, 'status-200-1.order.json'), 'utf8')) as Order;
      essence(order);
      // Nothing optional is left but the field holding the offending value.
      const left = EXTRAS.filter((extra) => extra in order && !/[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(order[extra])));
      expect(left).toEqual([]);

      const replay = await runCli(['post-order', '--file', join(save, 'status-200-1.order.json'), '--json', '--no-save'], { cwd: dir });
      expect(replay.code).toBe(1);
      const replayed = JSON.parse(replay.stdout) as { cases: { checks: { id: string; status: string }[] }[] };
      expect(replayed.cases.flatMap((c) => c.checks).find((c) => c.id === 'status-200')?.status).toBe('failed');
    }, 180_000);
  }
});

/**
 * How many copies at once it takes to expose the race on a check-then-insert merchant whose order
 * creation takes 50 ms or 500 ms: xborder's race source (redelivery-concurrent) against the persona
 * over real HTTP, N copies, repeated. The default suite runs two trials of N = 2 and asserts the
 * race shows every time; `XBORDER_RACE_TRIALS=20` runs N = 2, 3, 4 that many times each and prints
 * the exposure rate and how far apart the copies arrived (the figures in the README).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { orderIdFactory, type MerchantContext } from '../../src/merchant/context.js';
import { cartSourceOf } from '../../src/merchant/cart-source.js';
import { prepareSampleOrder } from '../../src/merchant/requests.js';
import { loadSample } from '../../src/samples/catalog.js';
import { runConcurrentRedelivery } from '../../src/merchant/race/concurrent-redelivery.js';
import { closeAgents } from '../../src/http/send.js';
import { startCheckThenInsert } from '../personas/check-then-insert.js';

const GUID = '3a7e1c52-9b0d-4e6f-8a21-5c4d3b2a1f09';
const TRIALS = Number(process.env.XBORDER_RACE_TRIALS ?? 2);
const COUNTS = process.env.XBORDER_RACE_TRIALS ? [2, 3, 4] : [2];

interface Trial { exposed: boolean; spreadMs: number; orders: number }

/** One run of redelivery-concurrent with `count` copies against a fresh persona creating in `createMs`. */
async function trial(createMs: number, count: number): Promise<Trial> {
  const persona = await startCheckThenInsert({ merchantGUID: GUID, createMs });
  try {
    const config = defaultConfig();
    config.merchantGUID = GUID;
    config.merchant.baseUrl = persona.url;
    config.merchant.cartMethods = ['GET'];
    config.http = { ...config.http, timeoutMs: 10_000, firstByteTimeoutMs: 10_000 };
    const carts = cartSourceOf({ ...config, merchant: { ...config.merchant, newCart: { command: '(issued by the persona)' } } }, async () => persona.issueCart());
    const ctx: MerchantContext = { config, modes: [{ mode: 'none' }], strict: false, verbose: false, mask: (s) => s, newOrderId: orderIdFactory('DE'), carts };
    const cases = await runConcurrentRedelivery(ctx, () => prepareSampleOrder(loadSample('order-full'), config, ctx.newOrderId()), { mode: 'none' }, count);
    const verdict = cases.flatMap((c) => c.checks).find((k) => k.id === 'redelivery-concurrent')!;
    const copies = persona.log().filter((e) => e.kind === 'order');
    expect(copies).toHaveLength(count);
    const starts = copies.map((e) => e.start);
    return { exposed: verdict.status === 'failed', spreadMs: Math.max(...starts) - Math.min(...starts), orders: persona.orders().length };
  } finally {
    await persona.close();
  }
}

const table: string[] = [];
afterAll(async () => {
  await closeAgents();
  if (process.env.XBORDER_RACE_TRIALS) console.log(`creation  copies  exposed  orders(mean)  arrival spread ms (median / max)\n${table.join('\n')}`);
});

describe('copies at once needed to expose a check-then-insert race', () => {
  for (const createMs of [50, 500]) {
    for (const count of COUNTS) {
      it(`${createMs} ms creation, ${count} copies at once`, async () => {
        const results: Trial[] = [];
        for (let i = 0; i < TRIALS; i++) results.push(await trial(createMs, count));
        const spreads = results.map((r) => r.spreadMs).sort((a, b) => a - b);
        const exposed = results.filter((r) => r.exposed).length;
        table.push(`${String(createMs).padStart(5)} ms  ${String(count).padStart(6)}  ${String(exposed).padStart(3)}/${TRIALS}  ${(results.reduce((s, r) => s + r.orders, 0) / TRIALS).toFixed(2).padStart(12)}  ${spreads[Math.floor(spreads.length / 2)]!.toFixed(1)} / ${spreads[spreads.length - 1]!.toFixed(1)}`);
        // Each trial's verdict agrees with the merchant: failed exactly when it made more than one order.
        for (const r of results) expect(r.exposed).toBe(r.orders > 1);
        // Copies that arrive within the creation time all miss each other's order.
        for (const r of results.filter((x) => x.spreadMs < createMs)) expect(r.orders).toBe(count);
      }, 120_000);
    }
  }
});

/**
 * Latent faults: crashes that only some valid orders trigger, each one a failure seen in production
 * integrations. The fixed samples never trigger them (that is the point): `xborder fuzz` must find
 * each and shrink it to the order that shows it. The merchant looks at the order as it stores it
 * (end-customer values decoded).
 */
import { getProp, isObject, type JsonObject } from '../../json/props.js';
import type { Reply } from './http-io.js';

/** The names of the latent faults (a subset of MERCHANT_FAULTS, marked `latent`). */
export type LatentFaultName = 'crash-astral' | 'crash-many-products' | 'crash-long-address' | 'crash-discount-no-product' | 'crash-empty-state';

const BLOCKS = ['PrimaryShipping', 'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling'];

/** Every string in `value`, with its JSON pointer. */
function* strings(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], `${path}/${i}`);
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}/${k}`);
}

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** Why the merchant crashes on `order` under `fault`, or undefined when it copes. */
function crashReason(order: JsonObject, fault: LatentFaultName): string | undefined {
  switch (fault) {
    case 'crash-astral':
      // MySQL's 3-byte utf8 refuses 4-byte characters: the INSERT fails.
      for (const [path, s] of strings(order)) if (ASTRAL.test(s)) return `SQLSTATE[HY000]: General error: 1366 Incorrect string value for column at ${path}`;
      return undefined;
    case 'crash-many-products': {
      const products = getProp(order, 'Products');
      return Array.isArray(products) && products.length > 50 ? `Allowed memory size exhausted while importing ${products.length} order lines (batch limit 50)` : undefined;
    }
    case 'crash-long-address':
      for (const block of BLOCKS) {
        const b = getProp(order, block);
        if (!isObject(b)) continue;
        for (const field of ['Address1', 'Address2']) {
          const line = b[field];
          if (typeof line === 'string' && [...line].length > 100) return `SQLSTATE[22001]: String data, right truncated: 1406 Data too long for column '${field.toLowerCase()}' (varchar(100)) at /${block}/${field}`;
        }
      }
      return undefined;
    case 'crash-discount-no-product': {
      const discounts = getProp(order, 'Discounts');
      if (!Array.isArray(discounts)) return undefined;
      const i = discounts.findIndex((d) => isObject(d) && (d.ProductCartItemId === undefined || d.ProductCartItemId === null));
      return i >= 0 ? `TypeError: Cannot read properties of null (reading 'lineTotal') at applyDiscount (/Discounts/${i})` : undefined;
    }
    case 'crash-empty-state':
      for (const block of BLOCKS) {
        const b = getProp(order, block);
        if (isObject(b) && b.StateCode === '') return `Region lookup failed: no region with code '' for country at /${block}/StateCode`;
      }
      return undefined;
  }
}

/** True when `name` is one of the latent faults. */
export function isLatentFault(name: string | undefined): name is LatentFaultName {
  return name === 'crash-astral' || name === 'crash-many-products' || name === 'crash-long-address' || name === 'crash-discount-no-product' || name === 'crash-empty-state';
}

/** The crash page the merchant answers when `fault` is latent and `order` triggers it. */
export function latentCrash(order: JsonObject, fault: string | undefined): Reply | undefined {
  if (!isLatentFault(fault)) return undefined;
  const reason = crashReason(order, fault);
  if (!reason) return undefined;
  const body = `<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Whoops, something went wrong.</h1><pre>${escapeHtml(reason)}</pre></body></html>`;
  return { status: 500, html: true, body, note: `latent fault ${fault}: ${reason}` };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

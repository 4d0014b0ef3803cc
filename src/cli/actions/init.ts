/**
 * `xborder init`: a starter configuration that validates as it is, whose `$schema` is the path from
 * the file to this installation's schemas/config.schema.json, so editors complete it from a clone
 * and from an npm install alike.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { packageRoot } from '../../samples/package-root.js';
import { DEFAULT_CONFIG_FILE } from '../../config/load.js';
import { createOutput, type GlobalOptions } from '../output.js';

/** The `$schema` value for a config file at `file`: relative, with forward slashes, starting with `./` or `../`. */
export function schemaReference(file: string): string {
  const rel = relative(dirname(file), join(packageRoot(), 'schemas', 'config.schema.json')).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * The starter document: every key a first run needs, credentials as `${VAR}` references. The
 * MerchantGUID is issued by the platform: a `${VAR}` reference too, never the sample's, which only the
 * reference merchant knows (a run stops and names the variable until it is set).
 */
export function starterConfig(file: string): Record<string, unknown> {
  return {
    $schema: schemaReference(file),
    merchantGUID: '${XB_MERCHANT_GUID}',
    merchant: {
      baseUrl: 'https://shop.example.com',
      cartPath: '/get-checkout-cart-info-url',
      orderPath: '/order-update-create-url',
      cartMethods: ['GET'],
      cartTokenParam: 'merchantCartToken',
      countryCode: 'DE',
      currencyCode: 'EUR',
    },
    auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
    timeoutMs: 300000,
  };
}

/** Writes the starter file; refuses to replace one unless --force. */
export async function run(opts: { force?: boolean }, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  const target = resolve(process.cwd(), globals.config ?? DEFAULT_CONFIG_FILE);
  const shown = relative(process.cwd(), target) || target;
  if (existsSync(target) && !opts.force) throw new UsageError(`${shown} exists already; xborder init never replaces a configuration without --force.`);
  try {
    await writeFile(target, `${JSON.stringify(starterConfig(target), null, 2)}\n`);
  } catch (error) {
    throw new InputError(`Cannot write ${shown}: ${(error as Error).message}.`, shown);
  }
  output.out(`Wrote ${shown}. Next: set merchant.baseUrl and the auth modes your merchant enforces, export XB_MERCHANT_GUID (the MerchantGUID the platform issued you) and XB_HEADER_KEY, then run xborder check (or xborder wizard to fill it in).\n`);
  return 0;
}

/** `xborder storefront URL... [--cart]`: the storefront's data attributes, checked. */
import type { Command } from 'commander';
import { addCartFlags, addConfigFlags, addReportFlags, examples } from './shared-options.js';

/** Declares the storefront command; the work is in ../actions/storefront.ts. */
export function defineStorefront(program: Command): void {
  const storefront = program
    .command('storefront')
    .description('check the data attributes of storefront pages (data-countries, data-pc, data-manipulate, the country switcher), and data-pc against the cart with --cart')
    .argument('<urls...>', 'storefront pages (product pages, category pages)')
    .option('--cart', "also fetch the merchant's cart (merchant.cartToken) and compare its ProductClassCodes with the pages' data-pc");
  addReportFlags(addCartFlags(addConfigFlags(storefront)), ['--last-failed', '--concurrency']).addHelpText(
    'after',
    '\nEach page is fetched with the HTTP settings of every request and parsed as a browser parses it; every\n' +
      'element with a storefront attribute is judged and named (tag, id or CSS path, its product, its line).\n' +
      'Exit codes as check: 1 when an attribute is wrong, 3 when a page could not be fetched.\n' +
      examples('xborder storefront https://shop.example.com/products/tshirt', 'xborder storefront https://shop.example.com/p/1 https://shop.example.com/p/2 --cart', 'xborder storefront https://shop.example.com/ --json > storefront.json'),
  );
  storefront.action(async (urls: string[], opts, cmd) => {
    const { run } = await import('../actions/storefront.js');
    process.exitCode = await run(urls, opts, cmd);
  });
}

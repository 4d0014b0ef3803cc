/** `xborder openapi`: an OpenAPI 3.1 description of the merchant-hosted endpoints. */
import type { Command } from 'commander';
import { addMerchantUrlFlag, examples } from './shared-options.js';

/** Declares the openapi command; the work is in ../actions/openapi.ts. */
export function defineOpenapi(program: Command): void {
  const openapi = program
    .command('openapi')
    .description('print an OpenAPI 3.1 description of the merchant-hosted endpoints (JSON; --yaml for YAML)')
    .option('--yaml', 'print YAML instead of JSON');
  // It sends nothing: no connection flags (timeouts, TLS, proxy), which would be silently ignored.
  addMerchantUrlFlag(openapi).addHelpText(
    'after',
    '\nThe configured paths, merchant URL and auth modes are used (the defaults without a config); every\n' +
      'body and answer refers to the shipped JSON Schemas, bundled into components. Feed it to a server\n' +
      'generator, Prism (prism mock) or Schemathesis.\n' +
      examples('xborder openapi > merchant-openapi.json', 'xborder openapi --yaml > merchant-openapi.yaml', 'xborder --config shop.json openapi | npx @stoplight/prism-cli mock /dev/stdin'),
  );
  openapi.action(async (opts, cmd) => {
    const { run } = await import('../actions/openapi.js');
    process.exitCode = await run(opts, cmd);
  });
}

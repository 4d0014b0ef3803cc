#!/usr/bin/env node
// Thin launcher: `--version` is answered from a tiny module so it costs no more than starting Node;
// everything else goes through the bundled CLI. A clone that was never built says how to build it.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/main.js', import.meta.url))) {
  process.stderr.write(
    'xborder: this copy is not built (no dist/). In a clone of the repository, run `npm ci && npm run build` ' +
      '(then `npm link` to put xborder on your PATH); a package installed from npm ships built.\n',
  );
  process.exit(2);
}
const arg = process.argv[2];
if (process.argv.length === 3 && (arg === '--version' || arg === '-V')) {
  const { VERSION } = await import('../dist/version.js');
  process.stdout.write(VERSION + '\n');
} else {
  const { main } = await import('../dist/main.js');
  await main(process.argv);
}

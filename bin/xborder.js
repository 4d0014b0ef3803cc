#!/usr/bin/env node
// Thin launcher: `--version` is answered from a tiny module so it costs no more than starting Node;
// everything else goes through the bundled CLI.
const arg = process.argv[2];
if (process.argv.length === 3 && (arg === '--version' || arg === '-V')) {
  const { VERSION } = await import('../dist/version.js');
  process.stdout.write(VERSION + '\n');
} else {
  const { main } = await import('../dist/main.js');
  await main(process.argv);
}

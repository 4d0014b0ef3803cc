#!/usr/bin/env node
// Issues a fresh cart on a persona merchant: `node test/personas/new-cart.mjs <url>` POSTs to <url>
// (a persona's `/test/new-cart` route, the stand-in for a store's own API) and prints the token and
// a newline on stdout. Anything but HTTP 200 with a token: a message on stderr and exit code 1.
// This is what xborder's `merchant.newCart.command` runs in the persona end-to-end tests.
const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: node test/personas/new-cart.mjs <url of the new-cart route>\n');
  process.exit(1);
}
try {
  const res = await fetch(url, { method: 'POST' });
  const text = (await res.text()).trim();
  if (res.status !== 200) {
    process.stderr.write(`new-cart: POST ${url} answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}\n`);
    process.exit(1);
  }
  if (!text) {
    process.stderr.write(`new-cart: POST ${url} answered no token\n`);
    process.exit(1);
  }
  process.stdout.write(`${text}\n`);
} catch (err) {
  process.stderr.write(`new-cart: POST ${url} failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

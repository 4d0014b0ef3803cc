/**
 * A `merchant.newCart.command` for end-to-end tests: curl POSTs to a store's new-cart route and
 * prints the token (`-f`: an HTTP error is a failed command; `-sS`: no progress, but errors on
 * stderr). It is the one-line shell command a user writes for a store's API, and it starts in a few
 * milliseconds where `node -e fetch(...)` (what `xborder demo` runs, as it cannot count on curl)
 * takes a quarter of a second of CPU per cart: a check of one auth mode converts dozens of carts.
 * curl comes with Debian (`.ci/run` installs it too).
 */
export function curlNewCart(url: string): string {
  return `curl -sSf -X POST '${url}'`;
}

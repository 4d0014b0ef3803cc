/**
 * Headless Chromium for the tests that look at the HTML report in a real browser, through
 * playwright-core (which downloads no browser of its own). The browser is found the usual ways:
 * CHROME_PATH (or XBORDER_CHROMIUM), the `chromium`, `chromium-browser`, `google-chrome` and
 * `google-chrome-stable` commands on PATH, then a Playwright browser cache. On a machine with none
 * (`npm test` with only Node and npm) those tests are skipped with one line naming what to install;
 * XBORDER_REQUIRE_BROWSER=1 (set by .ci/run, which installs Debian's chromium) makes that a failure.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Commands that are Chromium or Chrome, in the order they are looked for on PATH. */
const COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** The first executable file among `paths`. */
function firstFile(paths: string[]): string | undefined {
  return paths.find((p) => existsSync(p));
}

/** Chromium builds in a Playwright cache (PLAYWRIGHT_BROWSERS_PATH, else ~/.cache/ms-playwright), newest first. */
function playwrightCache(env: NodeJS.ProcessEnv): string[] {
  const root = env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== '0' ? env.PLAYWRIGHT_BROWSERS_PATH : join(homedir(), '.cache', 'ms-playwright');
  let dirs: string[];
  try {
    dirs = readdirSync(root).filter((d) => /^chromium(_headless_shell)?-\d+$/.test(d)).sort().reverse();
  } catch {
    return [];
  }
  return dirs.flatMap((d) => [join(root, d, 'chrome-linux', 'chrome'), join(root, d, 'chrome-linux', 'headless_shell'), join(root, d, 'chrome-headless-shell-linux64', 'chrome-headless-shell'), join(root, d, 'chrome-linux64', 'chrome')]);
}

/** Where a Chromium is on this machine, or undefined. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.CHROME_PATH ?? env.XBORDER_CHROMIUM;
  if (given) return existsSync(given) ? given : undefined;
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => COMMANDS.map((c) => join(dir, c)));
  return firstFile(onPath) ?? firstFile(playwrightCache(env));
}

/** The browser the tests use, found once. */
export const CHROMIUM_PATH = findChromium();

/** What to do about a missing browser, in one line. */
export const NO_BROWSER = 'no Chromium found (CHROME_PATH, chromium, chromium-browser, google-chrome, a Playwright cache): the HTML report\'s browser tests are skipped. Install one (Debian: apt-get install -y chromium) to run them; XBORDER_REQUIRE_BROWSER=1 makes a missing browser a failure.';

/**
 * True when the browser tests should be skipped: no browser, and none required. Says so once per
 * test file, in the test output. With XBORDER_REQUIRE_BROWSER=1 a missing browser is not skipped:
 * launchChromium fails the test instead.
 */
export function skipWithoutBrowser(): boolean {
  if (CHROMIUM_PATH || process.env.XBORDER_REQUIRE_BROWSER === '1') return false;
  console.warn(`xborder tests: ${NO_BROWSER}`);
  return true;
}

/** Flags for a closed network: nothing phones home, so no refused-connection noise. */
const ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Chromium {
  context: BrowserContext;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Starts headless Chromium with a fresh profile; throws with what to install when there is none. */
export async function launchChromium(viewport = { width: 1280, height: 900 }): Promise<Chromium> {
  if (!CHROMIUM_PATH) throw new Error('XBORDER_REQUIRE_BROWSER=1, but no Chromium was found (CHROME_PATH, chromium, chromium-browser, google-chrome, a Playwright cache). Install one (Debian: apt-get install -y chromium) or unset XBORDER_REQUIRE_BROWSER to skip the browser tests.');
  const profile = mkdtempSync(join(tmpdir(), 'xborder-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH, headless: true, args: ARGS, viewport, timeout: 20_000,
    });
    return {
      context,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

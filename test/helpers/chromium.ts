/**
 * Launches Debian's Chromium (`apt-get install chromium`, done by .ci/run) through playwright-core,
 * which downloads no browser of its own. A missing Chromium is an error, never a skipped test.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where Debian's package puts the browser; XBORDER_CHROMIUM overrides it. */
export const CHROMIUM_PATH = process.env.XBORDER_CHROMIUM ?? '/usr/bin/chromium';

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

/** Starts headless Chromium with a fresh profile; throws with the install command when it is missing. */
export async function launchChromium(viewport = { width: 1280, height: 900 }): Promise<Chromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: the HTML report is tested in a real browser. `
      + 'Install Debian\'s package: apt-get update && apt-get install -y --no-install-recommends chromium '
      + '(.ci/run does this), or set XBORDER_CHROMIUM to a Chromium binary.',
    );
  }
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

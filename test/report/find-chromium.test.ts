/** How the browser tests find a browser: CHROME_PATH, the usual commands on PATH, a Playwright cache. */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../helpers/chromium.js';

function executable(path: string): string {
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

describe('findChromium', () => {
  const root = mkdtempSync(join(tmpdir(), 'xb-find-chromium-'));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const empty = join(root, 'empty');
  mkdirSync(empty);

  it('takes CHROME_PATH first, and nothing when it names no file', () => {
    const chrome = executable(join(root, 'my-chrome'));
    expect(findChromium({ CHROME_PATH: chrome, PATH: bin })).toBe(chrome);
    expect(findChromium({ CHROME_PATH: join(root, 'missing'), PATH: bin })).toBeUndefined();
  });

  it('finds google-chrome on PATH, and a Playwright cache when PATH has none', () => {
    const chrome = executable(join(bin, 'google-chrome'));
    expect(findChromium({ PATH: `${empty}:${bin}`, PLAYWRIGHT_BROWSERS_PATH: join(root, 'none') })).toBe(chrome);
    const cache = join(root, 'ms-playwright', 'chromium-1200', 'chrome-linux');
    mkdirSync(cache, { recursive: true });
    const cached = executable(join(cache, 'chrome'));
    expect(findChromium({ PATH: empty, PLAYWRIGHT_BROWSERS_PATH: join(root, 'ms-playwright') })).toBe(cached);
    expect(findChromium({ PATH: empty, PLAYWRIGHT_BROWSERS_PATH: join(root, 'none') })).toBeUndefined();
  });
});

/**
 * The config loader on arbitrary input: any JSON document, any text, any environment. It either
 * loads or throws one of xborder's typed input errors (exit 2) with a message free of stack traces;
 * it never throws anything else and never changes the file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { XborderError } from '../../src/errors.js';
import { runs } from '../helpers/fuzz-runs.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-config-prop-'));
const file = join(dir, 'xborder.config.json');

async function loadText(text: string, env: Record<string, string>): Promise<void> {
  writeFileSync(file, text);
  try {
    await loadConfig({ cwd: dir, env });
  } catch (error) {
    expect(error).toBeInstanceOf(XborderError);
    expect((error as XborderError).exitCode).toBe(2);
    expect((error as Error).message).not.toMatch(/\n\s+at /);
  }
  expect(readFileSync(file, 'utf8')).toBe(text);
}

/** Config-shaped documents: the real keys with arbitrary values, so validation is exercised deeply. */
const configish = fc.record(
  {
    merchantGUID: fc.oneof(fc.uuid(), fc.string()),
    merchant: fc.record({ baseUrl: fc.oneof(fc.webUrl(), fc.string()), cartMethods: fc.array(fc.constantFrom('GET', 'POST', 'PUT', 1)), cartParams: fc.dictionary(fc.string(), fc.jsonValue()) }, { requiredKeys: [] }),
    auth: fc.array(fc.record({ mode: fc.constantFrom('none', 'header', 'basic', 'jwt', 'query', 'ip', 'x'), name: fc.string(), value: fc.string(), algorithm: fc.constantFrom('HS256', 'RS256', 'ES256', 'none'), secret: fc.string() }, { requiredKeys: ['mode'] })),
    timeoutMs: fc.oneof(fc.integer(), fc.string(), fc.double()),
    retries: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('loadConfig on arbitrary input', () => {
  it('arbitrary JSON values', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue(), async (doc) => loadText(JSON.stringify(doc), {})), runs(200));
  });
  it('config-shaped documents with ${VAR} references', async () => {
    await fc.assert(
      fc.asyncProperty(configish, fc.dictionary(fc.constantFrom('A', 'B', 'XBORDER_TIMEOUT', 'XBORDER_RETRIES', 'XBORDER_MERCHANT_URL'), fc.string()), async (doc, env) =>
        loadText(JSON.stringify(doc).replace(/"x"/g, '"${A}"'), env)),
      runs(200),
    );
  });
  it('arbitrary text', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'grapheme-ascii' }), async (text) => loadText(text, {})), runs(200));
  });
});

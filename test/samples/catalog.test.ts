import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findSample, listSamples, loadSample, samplesDir } from '../../src/samples/catalog.js';
import { packageRoot } from '../../src/samples/package-root.js';
import { UsageError } from '../../src/errors.js';
import { Redactor } from '../../src/redact/redactor.js';
import { PAYLOAD_KINDS } from '../../src/validation/index.js';

// A sample is a payload of a kind validation knows (the lifecycle events included).
const KINDS: readonly string[] = PAYLOAD_KINDS;

describe('samples catalog', () => {
  it('finds the package root from src/ under vitest', () => {
    expect(existsSync(join(packageRoot(), 'package.json'))).toBe(true);
    expect(samplesDir()).toBe(join(packageRoot(), 'samples'));
  });

  it('lists every sample with a known kind and an existing file', () => {
    const samples = listSamples();
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) {
      expect(KINDS).toContain(s.kind);
      expect(s.description.length).toBeGreaterThan(0);
      expect(existsSync(join(samplesDir(), s.file)), s.file).toBe(true);
    }
    expect(new Set(samples.map((s) => s.name)).size).toBe(samples.length);
  });

  it('describes every sample in words the output mask leaves alone (a masked card number broke the list table)', () => {
    const redactor = new Redactor();
    for (const s of listSamples()) expect(redactor.text(s.description)).toBe(s.description);
  });

  it('loads every sample as parsed JSON', () => {
    for (const s of listSamples()) expect(typeof loadSample(s.name)).toBe('object');
  });

  it('returns a fresh copy each time', () => {
    const a = loadSample('cart-full') as Record<string, unknown>;
    a.currencyCode = 'CHANGED';
    const b = loadSample('cart-full') as Record<string, unknown>;
    expect(b.currencyCode).not.toBe('CHANGED');
    expect(b).not.toBe(a);
  });

  it('suggests the closest name for a typo', () => {
    expect(() => loadSample('order-minimall')).toThrow(/Did you mean order-minimal\?/);
  });

  it('accepts the name with .json', () => {
    expect(loadSample('cart-full.json')).toEqual(loadSample('cart-full'));
    expect(findSample('cart-full.json').name).toBe('cart-full');
  });

  it('an unknown name is a UsageError listing the available names', () => {
    expect(() => loadSample('no-such-sample')).toThrow(UsageError);
    try {
      loadSample('no-such-sample');
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('no-such-sample');
      for (const s of listSamples()) expect(message).toContain(s.name);
    }
  });
});

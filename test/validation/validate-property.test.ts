/**
 * validatePayload and detectKind on arbitrary input: any JSON value, and real samples with arbitrary
 * values planted at arbitrary places. Never an exception; always well-formed check results.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectKind, PAYLOAD_KINDS, validatePayload, type PayloadKind } from '../../src/validation/index.js';
import { listSamples, loadSample } from '../../src/samples/catalog.js';
import { runs } from '../helpers/fuzz-runs.js';

const STATUSES = new Set(['passed', 'failed', 'warning', 'errored', 'skipped']);

function wellFormed(kind: PayloadKind, doc: unknown, strict: boolean): void {
  const checks = validatePayload(kind, doc, { strict });
  expect(checks.length).toBeGreaterThan(0);
  for (const check of checks) {
    expect(typeof check.id).toBe('string');
    expect(STATUSES.has(check.status)).toBe(true);
    for (const finding of check.findings) {
      expect(typeof finding.message).toBe('string');
      expect(finding.message.length).toBeGreaterThan(0);
      if (finding.path !== undefined) expect(finding.path === '' || finding.path.startsWith('/')).toBe(true);
    }
    if (check.findings.some((f) => (f.severity ?? 'error') === 'error')) expect(check.status).toBe('failed');
  }
}

/** Sets `value` at a path chosen by `picks` inside a copy of `doc`. */
function plant(doc: unknown, picks: number[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  let node: unknown = copy;
  for (const pick of picks) {
    if (!node || typeof node !== 'object') break;
    const keys = Object.keys(node as object);
    if (keys.length === 0) break;
    const key = keys[pick % keys.length]!;
    const child = (node as Record<string, unknown>)[key];
    if (!child || typeof child !== 'object' || pick % 3 === 0) {
      (node as Record<string, unknown>)[key] = value;
      return copy;
    }
    node = child;
  }
  return copy;
}

const samples = listSamples().map((s) => ({ kind: s.kind as PayloadKind, doc: loadSample(s.name) }));

describe('validatePayload on arbitrary input', () => {
  it('any JSON value, as every kind, lenient and strict', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...PAYLOAD_KINDS), fc.boolean(), (doc, kind, strict) => {
        wellFormed(kind, doc, strict);
        const detected = detectKind(doc);
        expect(detected === undefined || PAYLOAD_KINDS.includes(detected)).toBe(true);
      }),
      runs(300),
    );
  });

  it('real samples with an arbitrary value planted anywhere', () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), (sample, picks, value, strict) => {
        wellFormed(sample.kind, plant(sample.doc, picks, value), strict);
      }),
      runs(300),
    );
  });
});

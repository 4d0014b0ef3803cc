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

/** The wire's quirks (public-facts.md), applied where `pick` says: none of them is a failure. */
function quirky(doc: unknown, pick: () => number): unknown {
  const recase = [(k: string) => k[0].toLowerCase() + k.slice(1), (k: string) => k[0].toUpperCase() + k.slice(1), (k: string) => k.toLowerCase(), (k: string) => k.toUpperCase()];
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'number') return pick() % 4 === 0 ? String(v) : v;
    if (typeof v === 'boolean') return pick() % 4 === 0 ? String(v) : v;
    if (typeof v === 'string') return pick() % 2 === 0 ? v.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()) : v;
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const n = pick();
      out[n % 5 === 0 ? recase[n % 4](k) : k] = walk(x);
    }
    // A string or null: tolerated in a record and in a string map (CardFields) alike.
    if (pick() % 7 === 0) out[`XbExtra${pick()}`] = pick() % 2 === 0 ? null : 'tolerated';
    return out;
  };
  return walk(structuredClone(doc));
}

describe('the wire quirks of real payloads', () => {
  it('other casings, numbers and booleans as strings, lower-case hex, extra properties: never a failure', () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), (sample, seeds) => {
        let i = 0;
        const doc = quirky(sample.doc, () => seeds[i++ % seeds.length] + i);
        // A payment request is an order by its shape (validated as the payment call with --as).
        expect(detectKind(doc)).toBe(sample.kind === 'payment-request' ? 'order' : sample.kind);
        const notPassing = validatePayload(sample.kind, doc).filter((c) => c.status === 'failed' || c.status === 'errored');
        expect(notPassing).toEqual([]);
      }),
      runs(200),
    );
  });
});


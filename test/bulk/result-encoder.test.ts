/**
 * A judged item as it crosses threads and waits in the run's queue: encoded, structured-cloned (as
 * postMessage does) and decoded, it gives back the same documents, their checks' keys in the same
 * order (the JSON report prints them in that order), whatever mix of sources, kinds, shared checks
 * and checks with findings it holds.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { JudgedDocument } from '../../src/bulk/judge.js';
import { ResultEncoder, decodedDocuments, documentCount, encodeResult } from '../../src/bulk/result-encoder.js';
import type { ItemResult } from '../../src/bulk/work-item.js';
import type { CheckResult } from '../../src/model.js';
import { PAYLOAD_KINDS } from '../../src/validation/kinds.js';
import { runs } from '../helpers/fuzz-runs.js';

/** Checks with no finding, as the validators build them: two key orders, a title or none. */
const passedCheck = fc.record({
  id: fc.constantFrom('schema', 'lenient', 'iso-codes', 'kind'),
  status: fc.constantFrom('passed', 'skipped', 'warning'),
  title: fc.option(fc.constantFrom('Schema', 'Other title'), { nil: undefined }),
  titleFirst: fc.boolean(),
}).map(({ id, status, title, titleFirst }): CheckResult => {
  if (title === undefined) return { id, status, findings: [] } as CheckResult;
  return (titleFirst ? { id, title, status, findings: [] } : { id, status, findings: [], title }) as CheckResult;
});

const failedCheck = fc.record({ id: fc.constantFrom('schema', 'iso-codes', 'json'), message: fc.string(), path: fc.string({ maxLength: 12 }) }).map(
  ({ id, message, path }): CheckResult => ({ id, status: 'failed', findings: [{ message, path, severity: 'error' }] }),
);

const judgedDocument = fc.record({
  source: fc.oneof(fc.constant('orders.ndjson'), fc.constant('-'), fc.nat(400).map((n) => `o${n}.json`)),
  line: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  kind: fc.option(fc.constantFrom(...PAYLOAD_KINDS), { nil: undefined }),
  checks: fc.array(fc.oneof({ weight: 4, arbitrary: passedCheck }, { weight: 1, arbitrary: failedCheck }), { maxLength: 14 }),
});

const itemResult = fc.record({
  docs: fc.array(judgedDocument, { maxLength: 120 }),
  failure: fc.option(fc.record({ message: fc.string(), file: fc.string(), line: fc.nat() }), { nil: undefined }),
});

/** A document as the JSON report sees it: keys in order, undefined left out. */
const printed = (docs: Iterable<JudgedDocument>): string => JSON.stringify([...docs]);

describe('encodeResult / decodedDocuments', () => {
  it('give back what was judged, through a structured clone', () => {
    fc.assert(
      fc.property(itemResult, (raw) => {
        const result: ItemResult = raw.failure ? raw : { docs: raw.docs };
        const encoded = structuredClone(encodeResult(result));
        expect(documentCount(encoded)).toBe(result.docs.length);
        expect(printed(decodedDocuments(encoded))).toBe(printed(result.docs));
        expect([...decodedDocuments(encoded)].map((d) => d.kind)).toEqual(result.docs.map((d) => d.kind));
        expect(encoded.failure).toEqual(result.failure);
      }),
      runs(200),
    );
  });

  it('a document that passes as the one before it costs four numbers: one pattern, one copy of each check', () => {
    const checks: CheckResult[] = [
      { id: 'schema', status: 'passed', findings: [], title: 'Schema' },
      { id: 'lenient', status: 'passed', findings: [], title: 'Tolerated forms' },
    ];
    const docs: JudgedDocument[] = Array.from({ length: 512 }, (_, i) => ({ source: 'orders.ndjson', line: i + 1, kind: 'order', checks: checks.map((c) => ({ ...c })) }));
    docs[7] = { ...docs[7], checks: [checks[0], { id: 'iso-codes', status: 'failed', findings: [{ message: 'EUX is not a currency', path: '/CurrencyCode' }] }] };
    const encoded = encodeResult({ docs });
    expect(encoded.patterns).toHaveLength(2);
    expect(encoded.templates).toHaveLength(2);
    expect(encoded.own).toHaveLength(1);
    expect(encoded.sources).toEqual(['orders.ndjson']);
    expect(printed(decodedDocuments(encoded))).toBe(printed(docs));
  });

  it('built one document at a time from a small start (a range encoded as it is judged), it is the same as encoding the whole result', () => {
    fc.assert(
      fc.property(itemResult, fc.integer({ min: 1, max: 8 }), (raw, expected) => {
        const encoder = new ResultEncoder(expected);
        raw.docs.forEach((doc, i) => {
          expect(encoder.count).toBe(i);
          encoder.add(doc);
        });
        const built = structuredClone(encoder.finish(raw.failure));
        // What it stands for is what was added, decoded on the other side of a structured clone.
        expect(printed(decodedDocuments(built))).toBe(printed(raw.docs));
        expect(built.failure).toEqual(raw.failure);
        // Cut to the documents added: a structured clone copies a view's whole buffer.
        for (const column of [built.sourceOf, built.lines, built.kindOf, built.patternOf]) expect(column.buffer.byteLength).toBe(4 * raw.docs.length);
      }),
      runs(200),
    );
  });
});

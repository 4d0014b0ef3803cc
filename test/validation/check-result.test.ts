/**
 * The CheckResults of a validation, as reports print them: key order (reports are compared byte for
 * byte), statuses, and findings lists that belong to one check each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckResult, Finding } from '../../src/model.js';
import { checkFrom, statusOf } from '../../src/checks/result.js';
import { PAYLOAD_KINDS, validatePayload } from '../../src/validation/index.js';
import { runs } from '../helpers/fuzz-runs.js';
import { sample, sampleIndex } from './fixtures.js';

/** checkFrom as it was first written: the title spread in from a temporary object. */
function referenceCheckFrom(id: string, findings: Finding[], title?: string): CheckResult {
  return { id, status: statusOf(findings), findings, ...(title ? { title } : {}) };
}

/** What the report serialises: keys in order, values included. */
const printed = (check: CheckResult): [string, unknown][] => Object.entries(check);

describe('checkFrom', () => {
  const finding = fc.record(
    { message: fc.string(), path: fc.string(), severity: fc.constantFrom('error', 'warning', 'info', undefined) },
    { requiredKeys: ['message'] },
  ) as fc.Arbitrary<Finding>;

  it('the same check, keys in the same order, as its first version', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(finding, { maxLength: 4 }), fc.option(fc.constantFrom('', 'T', 'Schema'), { nil: undefined }), (id, findings, title) => {
        expect(printed(checkFrom(id, findings, title))).toStrictEqual(printed(referenceCheckFrom(id, findings, title)));
      }),
      runs(300),
    );
  });
});

describe('validatePayload check results', () => {
  const documents = sampleIndex().map((entry) => sample(entry.file));

  it('keys in the order reports print them: built checks end with the title, literal ones carry it second', () => {
    for (const doc of documents) {
      for (const kind of PAYLOAD_KINDS) {
        for (const check of validatePayload(kind, doc, { strict: false })) {
          const literal = check.id === 'unknown-properties' || check.status === 'errored';
          expect([check.id, Object.keys(check)]).toEqual([check.id, literal ? ['id', 'title', 'status', 'findings'] : ['id', 'status', 'findings', 'title']]);
        }
      }
    }
  });

  it('no two checks share a findings list (a later step may add to one)', () => {
    for (const doc of documents) {
      for (const kind of PAYLOAD_KINDS) {
        for (const strict of [false, true]) {
          const lists = validatePayload(kind, doc, { strict }).map((check) => check.findings);
          expect(new Set(lists).size).toBe(lists.length);
        }
      }
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenJson } from '../../src/platform/flatten.js';
import { describeErrorInfo, recognizeErrorInfo } from '../../src/platform/error-info.js';
import { getAtPath } from '../../src/samples/override.js';
import { runs } from '../helpers/fuzz-runs.js';

describe('flattenJson', () => {
  it('turns nested values into --set style paths', () => {
    expect(flattenJson({ IsSuccess: false, Errors: ['a', { Code: 3 }], Empty: {}, None: [], Nothing: null })).toEqual([
      { path: 'IsSuccess', value: 'false' },
      { path: 'Errors[0]', value: 'a' },
      { path: 'Errors[1].Code', value: '3' },
      { path: 'Empty', value: '{}' },
      { path: 'None', value: '[]' },
      { path: 'Nothing', value: 'null' },
    ]);
    expect(flattenJson('text')).toEqual([{ path: '(value)', value: 'text' }]);
  });

  it('gives, for any document, paths that lead back to each leaf value (property)', () => {
    const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/);
    const leaf = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.stringMatching(/^[a-z ]{0,10}$/));
    const doc = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, doc, { minKeys: 1, maxKeys: 4 }), (value) => {
        for (const row of flattenJson(value)) {
          const found = getAtPath(value, row.path);
          expect(found.found).toBe(true);
          const v = found.value;
          const shown = typeof v === 'string' ? v : Array.isArray(v) && v.length === 0 ? '[]' : v && typeof v === 'object' && Object.keys(v).length === 0 ? '{}' : JSON.stringify(v);
          expect(shown).toBe(row.value);
        }
      }),
      runs(300),
    );
  });
});

describe('ErrorInfo', () => {
  it('is recognised case-insensitively, with Code as text', () => {
    expect(recognizeErrorInfo({ code: 401, error: 'Unauthorized', description: 'bad GUID' })).toEqual({ code: '401', error: 'Unauthorized', description: 'bad GUID' });
    expect(describeErrorInfo({ code: '401', error: 'Unauthorized', description: 'bad GUID' })).toBe('401 Unauthorized: bad GUID');
  });

  it('is not mistaken in a payload that merely has a Code, or in non-objects', () => {
    expect(recognizeErrorInfo({ Code: 'X', A: 1, B: 2, C: 3, D: 4 })).toBeUndefined();
    expect(recognizeErrorInfo({ IsValid: true })).toBeUndefined();
    expect(recognizeErrorInfo([{ Code: '1' }])).toBeUndefined();
    expect(recognizeErrorInfo('Code')).toBeUndefined();
  });
});

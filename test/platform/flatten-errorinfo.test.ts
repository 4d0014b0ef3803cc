import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipDepth, flattenJson } from '../../src/platform/flatten.js';
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

describe('bounded flattening of answers from outside', () => {
  it('clipDepth replaces containers past the depth with a note, without recursing into them', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const rows = flattenJson(clipDepth({ a: deep }, 4));
    expect(rows).toEqual([{ path: 'a[0][0][0]', value: '(nested deeper than 4 levels: --json shows it)' }]);
    expect(clipDepth({ a: [1, { b: 2 }] }, 4)).toEqual({ a: [1, { b: 2 }] });
  });

  it('maxRows keeps the first rows and says how many were left out', () => {
    const rows = flattenJson({ list: Array.from({ length: 1000 }, (_, i) => i) }, { maxRows: 3 });
    expect(rows).toEqual([
      { path: 'list[0]', value: '0' },
      { path: 'list[1]', value: '1' },
      { path: 'list[2]', value: '2' },
      { path: '…', value: '997 more values (--json shows the whole answer)' },
    ]);
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

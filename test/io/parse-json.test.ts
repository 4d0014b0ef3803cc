import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findJsonSyntaxError } from '../../src/io/json-position.js';
import { parseJsonText as parsePayloadText, readJsonFile as readPayloadFile } from '../../src/io/parse-json.js';
import { InputError } from '../../src/errors.js';
import { runs } from '../helpers/fuzz-runs.js';

const jsonErrorOffset = (text: string) => findJsonSyntaxError(text)?.offset;

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected an InputError');
}

describe('jsonErrorOffset', () => {
  it('is undefined for valid JSON', () => {
    for (const t of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]} ', '0', '"s"']) expect(jsonErrorOffset(t)).toBeUndefined();
  });

  it('points at the offending character where Node gives no position', () => {
    expect(jsonErrorOffset('{\n  "a": 1,\n  "b": }\n')).toBe(19);
    expect(jsonErrorOffset('[1,]')).toBe(3);
    expect(jsonErrorOffset('{"a":tru}')).toBe(8);
    expect(jsonErrorOffset('')).toBe(0);
    expect(jsonErrorOffset('{"a": 1')).toBe(7);
  });

  it('agrees with valid JSON and with every position JSON.parse reports', () => {
    const mutated = fc.tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.constantFrom('', '}', ']', ',', ':', '"', 'x', '0', '\n', '\\')).map(([json, at, ins]) => {
      const k = at % (json.length + 1);
      return json.slice(0, k) + ins + json.slice(k + (ins === '' ? 1 : 0));
    });
    fc.assert(
      fc.property(mutated, (text) => {
        let reported: number | undefined;
        let valid = true;
        try {
          JSON.parse(text);
        } catch (error) {
          valid = false;
          const m = /position (\d+)/.exec((error as Error).message);
          if (m) reported = Number(m[1]);
        }
        const offset = jsonErrorOffset(text);
        if (valid) expect(offset).toBeUndefined();
        else {
          expect(offset).toBeDefined();
          if (reported !== undefined) expect(offset).toBe(reported);
        }
      }),
      runs(500),
    );
  });
});

describe('parsePayloadText / readPayloadFile', () => {
  it('names the source, line and column of a malformed payload', () => {
    const e = inputError(() => parsePayloadText('{\n  "a": 1,\n  "b": }\n', 'order.json'));
    expect(e.message).toMatch(/^order\.json:3:8: malformed JSON: unexpected character "}", expected a value\.$/);
    expect([e.file, e.line, e.column]).toEqual(['order.json', 3, 8]);
  });

  it('reads a file, skips a BOM, and reports a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-decode-'));
    const file = join(dir, 'o.json');
    writeFileSync(file, '\uFEFF{"OrderId":"GE1"}');
    expect(await readPayloadFile(file)).toEqual({ OrderId: 'GE1' });
    await expect(readPayloadFile(join(dir, 'missing.json'))).rejects.toThrow(/no such file/);
    await expect(readPayloadFile(join(dir, 'missing.json'))).rejects.toBeInstanceOf(InputError);
  });
});

import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { validateWithSchema } from '../../src/validation/user-schema.js';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['IsSuccess'],
  properties: { IsSuccess: { type: 'boolean' }, Errors: { type: 'array', items: { type: 'string' } }, Url: { type: 'string', format: 'uri' } },
};

describe('validateWithSchema (a schema the user brings)', () => {
  it('passes a conforming document', () => {
    expect(validateWithSchema(schema, { IsSuccess: true, Errors: [] })).toEqual([]);
  });

  it('reports every violation with a JSON pointer, what was expected and what came', () => {
    const findings = validateWithSchema(schema, { Errors: ['ok', 3], Url: 'not a uri' });
    expect(findings.map((f) => f.path).sort()).toEqual(['/Errors/1', '/IsSuccess', '/Url']);
    expect(findings.find((f) => f.path === '/Errors/1')).toMatchObject({ severity: 'error', actual: 3 });
  });

  it('understands draft-07 schemas too', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
    expect(validateWithSchema(draft7, { a: 1 })).toEqual([]);
    expect(validateWithSchema(draft7, { a: 1.5, b: 2 })).toHaveLength(2);
  });

  it('refuses something that is not a schema with an input error naming the file (exit 2)', () => {
    expect(() => validateWithSchema({ type: 'no-such-type' }, {}, 'my.schema.json')).toThrow(InputError);
    expect(() => validateWithSchema({ type: 'no-such-type' }, {}, 'my.schema.json')).toThrow(/my\.schema\.json/);
    expect(() => validateWithSchema('nope', {}, 's.json')).toThrow(InputError);
  });
});

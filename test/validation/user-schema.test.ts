/** A schema the user brings (`platform call --schema`): one finding per problem, as for the shipped ones. */
import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../../src/validation/user-schema.js';

describe('validateWithSchema and combinators', () => {
  const schema = {
    type: 'object',
    properties: {
      Parcel: { anyOf: [{ $ref: '#/$defs/Parcel' }, { type: 'null' }] },
      Kind: { oneOf: [{ type: 'object', properties: { mode: { const: 'a' }, x: { type: 'string' } }, required: ['mode', 'x'] }, { type: 'object', properties: { mode: { const: 'b' } }, required: ['mode'] }] },
    },
    $defs: { Parcel: { type: 'object', properties: { Code: { type: 'string' } }, required: ['Code'] } },
  };

  it('names the problem inside the record, not "must be null" and "no documented form"', () => {
    expect(validateWithSchema(schema, { Parcel: { Code: 7 } })).toEqual([expect.objectContaining({ path: '/Parcel/Code', message: 'must be string, not number' })]);
    expect(validateWithSchema(schema, { Parcel: [] })).toEqual([expect.objectContaining({ path: '/Parcel', message: 'must be object or null, not array' })]);
  });

  it('follows the branch a discriminating const picks', () => {
    expect(validateWithSchema(schema, { Kind: { mode: 'a' } })).toEqual([expect.objectContaining({ path: '/Kind/x', message: 'missing required property x' })]);
  });
});

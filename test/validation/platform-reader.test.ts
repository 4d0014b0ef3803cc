/**
 * The platform's reader model (src/validation/platform-reader.ts): what it reads as is, what it
 * reads leniently (and in which form), what it cannot read; and docs/reader-model.md naming every
 * form it accepts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FORMS, formSeverity, readBoolean, readName, readNumber, readProperty, readValue, type ReaderForm } from '../../src/validation/platform-reader.js';

const optional = (types: string[]) => ({ types, required: false });
const required = (types: string[]) => ({ types, required: true });

describe('readValue', () => {
  it('reads an optional value left out, or null where null is documented, as it is', () => {
    expect(readValue(undefined, optional(['number', 'null']))).toEqual({ verdict: 'as-is' });
    expect(readValue(null, optional(['object', 'null']))).toEqual({ verdict: 'as-is' });
  });

  it('reads null and "" for any optional type as absent', () => {
    for (const types of [['number'], ['integer'], ['boolean'], ['object'], ['array'], ['string']]) {
      expect(readValue('', optional(types))).toMatchObject({ verdict: 'lenient', form: 'empty-as-absent', absent: true });
      expect(readValue(null, optional(types))).toMatchObject({ verdict: 'lenient', form: 'null-as-absent', absent: true });
    }
  });

  it('cannot read a required value missing, null or empty', () => {
    for (const value of [undefined, null, '']) {
      const reading = readValue(value, required(['boolean']));
      expect(reading.verdict).toBe('unreadable');
      expect(reading.verdict === 'unreadable' && reading.reason).toMatch(/^required, and .* reads as absent$/);
    }
  });

  it('reads numbers written as strings as the numbers, in the forms .NET parses', () => {
    const cases: [string, number][] = [['1.0000', 1], ['12.50', 12.5], [' 3 ', 3], ['-0.5', -0.5], ['+7', 7], ['.25', 0.25], ['96.014e-05', 0.00096014], ['170.10', 170.1]];
    for (const [text, n] of cases) {
      expect(readValue(text, optional(['number', 'null'])), text).toEqual({ verdict: 'lenient', form: 'number-as-string', readAs: n, absent: false, expected: 'number' });
    }
    expect(readValue('3', optional(['integer']))).toMatchObject({ verdict: 'lenient', readAs: 3, expected: 'integer' });
  });

  it('cannot read text that is no number where a number is documented', () => {
    for (const text of ['abc', '12,50', '1,000.00', '0x10', 'NaN', 'Infinity', '1e999', '12.5 EUR', '--1']) {
      expect(readValue(text, optional(['number'])).verdict, text).toBe('unreadable');
    }
    // An Int32 is parsed without a decimal point: "2.0000" is no integer to the reader.
    expect(readValue('2.0000', optional(['integer'])).verdict).toBe('unreadable');
  });

  it('reads "true" / "True" / " false " as booleans, and nothing else', () => {
    expect(readValue('true', optional(['boolean']))).toMatchObject({ verdict: 'lenient', form: 'boolean-as-string', readAs: true });
    expect(readValue('True', optional(['boolean']))).toMatchObject({ readAs: true });
    expect(readValue(' false ', optional(['boolean']))).toMatchObject({ readAs: false });
    for (const text of ['yes', '1', 'T', 'truee']) expect(readValue(text, optional(['boolean'])).verdict, text).toBe('unreadable');
    expect(readValue(1, optional(['boolean'])).verdict).toBe('unreadable');
  });

  it('reads a number where text is documented as its text', () => {
    expect(readValue(100, optional(['string', 'null']))).toEqual({ verdict: 'lenient', form: 'number-as-text', readAs: '100', absent: false, expected: 'string' });
  });

  it('cannot read an object where a list is documented, a list where an object is, or a container where text is', () => {
    expect(readValue({ a: 1 }, optional(['array', 'null']))).toMatchObject({ verdict: 'unreadable', reason: expect.stringContaining('an object as a list') });
    expect(readValue([1], optional(['object', 'null'])).verdict).toBe('unreadable');
    expect(readValue({}, optional(['string'])).verdict).toBe('unreadable');
    expect(readValue(true, optional(['string'])).verdict).toBe('unreadable');
  });
});

describe('readName', () => {
  const node = { props: ['productsList', 'CountryCode', 'StateOrProvince'], aliases: { StateOrProvice: 'StateOrProvince' }, documentedAliases: { countryCode: 'CountryCode' } };

  it('reads another casing, an alias and a documented alias as the documented name, each in its form', () => {
    expect(readName(node, 'ProductsList')).toEqual({ name: 'productsList', form: 'name-casing' });
    expect(readName(node, 'StateOrProvice')).toEqual({ name: 'StateOrProvince', form: 'name-alias' });
    expect(readName(node, 'countryCode')).toEqual({ name: 'CountryCode', form: 'documented-alias' });
    expect(readName(node, 'STATEORPROVICE')).toEqual({ name: 'StateOrProvince', form: 'name-alias' });
  });

  it('reads a documented name as it is and an unknown name as unknown', () => {
    expect(readName(node, 'productsList')).toBeUndefined();
    expect(readName(node, 'productList')).toBeUndefined();
  });

  it('reads no casing that two documented names share', () => {
    expect(readName({ props: ['Code', 'CODE'] }, 'code')).toBeUndefined();
  });
});

describe('the small readers others use', () => {
  it('readProperty takes the exact spelling first, else any casing', () => {
    expect(readProperty({ success: 'x', Success: 'y' }, 'Success')).toBe('y');
    expect(readProperty({ SUCCESS: true }, 'Success')).toBe(true);
    expect(readProperty({}, 'Success')).toBeUndefined();
  });

  it('readBoolean and readNumber read what readValue reads, and nothing for absent or unreadable', () => {
    expect([true, 'True', ' false ', '', null, 'yes', 1].map(readBoolean)).toEqual([true, true, false, undefined, undefined, undefined, undefined]);
    expect([12.5, '12.50', '1.0000', '', null, 'abc', Infinity].map(readNumber)).toEqual([12.5, 12.5, 1, undefined, undefined, undefined, undefined]);
  });
});

describe('forms and their severity', () => {
  it('every form --strict fails is an error with it; documented names stay info', () => {
    for (const form of Object.keys(FORMS) as ReaderForm[]) {
      expect(formSeverity(form, false)).toBe(FORMS[form].severity);
      expect(formSeverity(form, true)).toBe(FORMS[form].strictFails ? 'error' : FORMS[form].severity);
    }
    expect(formSeverity('documented-alias', true)).toBe('info');
    expect(formSeverity('empty-as-absent', false)).toBe('warning');
  });

  it('docs/reader-model.md documents every form the reader accepts', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/reader-model.md', import.meta.url)), 'utf8');
    for (const form of Object.keys(FORMS)) expect(doc, form).toContain(`\`${form}\``);
  });
});

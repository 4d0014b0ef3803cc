/** Hex ids (cart tokens, hashes) are not card numbers, even when their leading digits pass Luhn. */
import { describe, expect, it } from 'vitest';
import { maskCardNumbers } from '../../src/redact/patterns.js';
import { Redactor } from '../../src/redact/redactor.js';

const token = `4111111111111111${'abcdef0123456789'}`;

describe('hex ids', () => {
  it('a 32-hex cart token starting with a Luhn-valid run stays readable', () => {
    expect(maskCardNumbers(`"CartId":"${token}"`)).toBe(`"CartId":"${token}"`);
    expect(new Redactor().text(`curl --data-raw '{"CartId":"${token}"}'`)).toContain(token);
  });

  it('a card glued to other text is still masked', () => {
    for (const text of ['ref_4111111111111111', 'A4111111111111111', 'card+4111+1111+1111+1111', 'card 4111111111111111']) {
      expect(maskCardNumbers(text), text).not.toContain('4111111111111111');
      expect(maskCardNumbers(text), text).not.toContain('4111+1111+1111+1111');
    }
  });
});

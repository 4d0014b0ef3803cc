/** pointerAt: the JSON pointer of the value holding a position, on bytes and on decoded text alike. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesText, pointerAt, stringText } from '../../src/bulk/pointer-at.js';
import { joinPointer } from '../../src/validation/pointer.js';
import { runs } from '../helpers/fuzz-runs.js';

/** Both readings of `text`, at the position of `marker` (first occurrence). */
function both(text: string, marker: string): [string | undefined, string | undefined] {
  const at = text.indexOf(marker);
  const bytes = Buffer.from(`xx${text}yy`);
  const byteAt = Buffer.byteLength(text.slice(0, at));
  return [pointerAt(stringText(text), at), pointerAt(bytesText(bytes, 2, bytes.length - 2), byteAt)];
}

describe('pointerAt', () => {
  it.each([
    ['the root string', '"abc\uFFFD"', ''],
    ['a member', '{"a":1,"b":"x\uFFFD"}', '/b'],
    ['a nested member after a closed object', '{"a":{"b":[1,2]},"c":{"d":"\uFFFD"}}', '/c/d'],
    ['an array element', '[1,"two",{"x":"\uFFFD"}]', '/2/x'],
    ['a member name', '{"ok":1,"na\uFFFDme":2}', '/na\uFFFDme'],
    ['escapes and look-alike characters inside strings', '{"a\\"{":"[,]:","b/~":["\\\\","\uFFFD"]}', '/b~1~0/1'],
    ['pretty-printed with CRLF and a byte order mark', '\uFEFF{\r\n  "Customer": {\r\n    "FirstName": "J\uFFFDrg"\r\n  }\r\n}', '/Customer/FirstName'],
  ])('%s', (_, text, expected) => {
    expect(both(text, '\uFFFD')).toEqual([expected, expected]);
  });

  it('outside the text: undefined', () => {
    expect(pointerAt(stringText('{}'), 5)).toBeUndefined();
    expect(pointerAt(stringText('{}'), -1)).toBeUndefined();
  });

  it('any JSON value: a marker string placed anywhere is found at its pointer', () => {
    // A document with one string "\u0001MARK" at a generated place; its pointer is known by construction.
    const key = fc.string({ maxLength: 4 });
    const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null), fc.boolean());
    const tree = fc.letrec<{ node: unknown }>((tie) => ({ node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })) })).node;
    fc.assert(
      fc.property(tree, fc.array(fc.nat(), { maxLength: 4 }), (doc, route) => {
        // Walk `route` into the document, then put the marker there (replacing what was there).
        const tokens: (string | number)[] = [];
        const holder = { root: doc as unknown };
        let parent: Record<string, unknown> | unknown[] = holder;
        let slot: string | number = 'root';
        for (const step of route) {
          const here: unknown = (parent as Record<string, unknown>)[slot as string];
          if (Array.isArray(here) && here.length > 0) [parent, slot] = [here, step % here.length];
          else if (here && typeof here === 'object' && Object.keys(here).length > 0) {
            const keys = Object.keys(here);
            [parent, slot] = [here as Record<string, unknown>, keys[step % keys.length]!];
          } else break;
          tokens.push(slot);
        }
        (parent as Record<string, unknown>)[slot as string] = '\u0001MARK';
        const text = JSON.stringify(holder.root);
        expect(both(text, 'u0001MARK')).toEqual([joinPointer('', ...tokens), joinPointer('', ...tokens)]);
      }),
      runs(300),
    );
  });
});

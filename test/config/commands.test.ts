/** The commands a config file sets: found as written, those a flag replaced left out, marked when not allowed, each digest the sha256 of its text. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandDigest, commandsInForce, commandsOf, everyCommandOf, refuseCommand } from '../../src/config/commands.js';
import { defaultConfig } from '../../src/config/defaults.js';

const doc = { merchant: { newCart: { command: 'curl -s -X POST "${SHOP}/new-cart"', timeoutMs: 5000 } } };

describe('config commands', () => {
  it('finds merchant.newCart.command as written (before ${NAME} is replaced)', () => {
    expect(commandsOf(doc)).toEqual([{ setting: 'merchant.newCart.command', command: 'curl -s -X POST "${SHOP}/new-cart"' }]);
    expect(commandsOf({ merchant: { newCart: {} } })).toEqual([]);
    expect(commandsOf({ merchant: { newCart: { command: 42 } } })).toEqual([]);
    expect(commandsOf([])).toEqual([]);
    expect(commandsOf(null)).toEqual([]);
  });

  it('every command of a file: the top level\'s and each merchants entry\'s, each once', () => {
    const file = { ...doc, merchants: [{ name: 'a', merchant: { newCart: { command: 'echo a' } } }, { name: 'b' }, { name: 'c', merchant: { newCart: { command: 'echo a' } } }, 'junk'] };
    expect(everyCommandOf(file)).toEqual([
      { setting: 'merchant.newCart.command', command: 'curl -s -X POST "${SHOP}/new-cart"' },
      { setting: 'merchant.newCart.command', command: 'echo a' },
    ]);
    expect(everyCommandOf({ merchants: 'x' })).toEqual([]);
  });

  it('a command that --new-cart or XBORDER_NEW_CART replaces is the user\'s own, not the file\'s', () => {
    expect(commandsInForce(doc, () => false)).toHaveLength(1);
    expect(commandsInForce(doc, (flag) => flag === 'newCart')).toEqual([]);
    expect(commandsInForce(doc, (flag) => flag === 'carts')).toHaveLength(1);
  });

  it('marks a command of a loaded config not allowed, with the reason, and digests the command\'s text', () => {
    const config = defaultConfig();
    config.merchant.newCart = { command: 'x', timeoutMs: 5 };
    refuseCommand(config, { setting: 'merchant.newCart.command', command: 'x' }, 'not allowed here');
    expect(config.merchant.newCart).toEqual({ command: 'x', timeoutMs: 5, notAllowed: 'not allowed here' });
    expect(commandDigest({ setting: 'merchant.newCart.command', command: 'echo tok' })).toBe(createHash('sha256').update('echo tok').digest('hex'));
    expect(commandDigest({ setting: 'merchant.newCart.command', command: 'echo tok ' })).not.toBe(commandDigest({ setting: 'merchant.newCart.command', command: 'echo tok' }));
  });
});

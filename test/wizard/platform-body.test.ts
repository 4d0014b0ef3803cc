/** The body of a platform call asked for in a terminal: known fields, masked PIN, review and edits. */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { findOperation } from '../../src/platform/operations.js';
import { askPlatformBody } from '../../src/wizard/platform-body.js';
import { scriptedPrompter } from './scripted-prompter.js';

describe('askPlatformBody', () => {
  it('asks the gift-card fields, never shows the PIN, applies a Path=value edit, then sends', async () => {
    const said: string[] = [];
    const { prompter, remaining } = scriptedPrompter([
      [/Gift card number/, 'GC-1'],
      [/Card PIN/, '9876'],
      [/Shipping country/, 'FR'],
      [/Send this body/, 'set'],
      [/Path=value/, 'CardFields.CardId=GC-2'],
      [/Send this body/, 'set'],
      [/Path=value/, 'NoSuchField=1'],
      [/Send this body/, 'send'],
    ]);
    const asked = await askPlatformBody(findOperation('ValidateGiftCard'), defaultConfig(), prompter, { say: (t) => said.push(t) });
    expect(remaining()).toBe(0);
    expect(asked.secrets).toEqual(['9876']);
    expect(asked.body).toEqual({ MerchantGUID: defaultConfig().merchantGUID, ShippingCountryCode: 'FR', CardFields: { CardId: 'GC-2', CardPin: '9876' } });
    const shown = said.join('');
    expect(shown).not.toContain('9876');
    expect(shown).toContain('"CardPin": "****"');
    // The bad path was explained and asked again, not fatal.
    expect(shown).toMatch(/NoSuchField/);
  });

  it('asks the fields the public documentation names, and fills the GUID from the config', async () => {
    const { prompter } = scriptedPrompter([
      [/OrderId/, 'GE92799319GB'],
      [/StatusCode/, 'canceled'],
      [/Send this body/, 'type'],
      [/JSON body/, '{"OrderId":"GE1","StatusCode":"cancelled","MerchantGUID":"g"}'],
      [/Send this body/, 'send'],
    ]);
    const asked = await askPlatformBody(findOperation('Update Order Status'), defaultConfig(), prompter, { say: () => undefined });
    expect(asked.body).toEqual({ OrderId: 'GE1', StatusCode: 'cancelled', MerchantGUID: 'g' });
  });

  it('starts an operation with unknown shapes from {}', async () => {
    const said: string[] = [];
    const { prompter } = scriptedPrompter([[/Send this body/, 'send']]);
    const asked = await askPlatformBody(findOperation('Countries'), defaultConfig(), prompter, { say: (t) => said.push(t) });
    expect(asked.body).toEqual({});
    expect(said.join('')).toContain('Request body:\n{}');
  });
});

/**
 * A URL typed with credentials (`http://user:p@ss@host/?apikey=...`): split where the URL parser
 * splits it (the last `@` before the host ends the user info), saved as ${ENV} references, known to
 * the run's redactor the moment it is typed, and never shown on the answer line, even while typed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { MASK, Redactor } from '../../src/redact/redactor.js';
import { bindRunRedactor } from '../../src/redact/run.js';
import { draftEnv, newDraft, renderDraft } from '../../src/wizard/draft.js';
import type { Prompter } from '../../src/wizard/prompter.js';
import { askMerchantUrl, urlForDisplay, type WizardContext } from '../../src/wizard/questions.js';
import { runs } from '../helpers/fuzz-runs.js';

const PASSWORD = 'p@ss:W0rd-77';
const KEY = 'K3y/9981+x';
const TYPED = `http://user:${PASSWORD}@shop.example.com:8443/base?apikey=${encodeURIComponent(KEY)}&lang=de`;

/** A prompter answering the one URL question, keeping the question it was asked. */
function urlPrompter(answer: string) {
  const questions: Parameters<Prompter['text']>[0][] = [];
  const prompter = {
    text: async (q: Parameters<Prompter['text']>[0]) => (questions.push(q), answer),
  } as unknown as Prompter;
  return { prompter, questions };
}

describe('a merchant URL typed with credentials', () => {
  it('is split at the last @, saved as ${ENV} references, and loads back as the URL typed', async () => {
    const redactor = bindRunRedactor(new Redactor());
    const { prompter, questions } = urlPrompter(TYPED);
    const draft = newDraft({}, 'xborder.config.json', false);
    const ctx: WizardContext = { prompter, output: { say: () => undefined }, env: {}, draft, mode: 'missing', resolveConfig: async () => { throw new Error('not used'); } };
    await askMerchantUrl(ctx);

    expect((draft.doc.merchant as { baseUrl: string }).baseUrl).toBe('http://user:${XB_MERCHANT_URL_PASSWORD}@shop.example.com:8443/base?apikey=${XB_MERCHANT_URL_APIKEY}&lang=de');
    expect(draft.secrets).toEqual({ XB_MERCHANT_URL_PASSWORD: PASSWORD, XB_MERCHANT_URL_APIKEY: encodeURIComponent(KEY) });
    const saved = renderDraft(draft);
    for (const s of [PASSWORD, 'ss:W0rd', KEY, encodeURIComponent(KEY)]) expect(saved).not.toContain(s);

    // The run's redactor knew them the moment they were typed: a probe error quoting them is masked.
    expect(redactor.text(`probe of ${TYPED} failed; password ${PASSWORD}`)).not.toMatch(/p@ss|W0rd|K3y/);

    // The answer line shows the URL starred.
    expect(questions[0]!.display).toBe(urlForDisplay);
    expect(questions[0]!.display!(TYPED, true)).toBe(`http://user:${MASK}@shop.example.com:8443/base?apikey=${MASK}&lang=de`);

    // Loaded as a command loads it, the references give back exactly the URL typed.
    const dir = mkdtempSync(join(tmpdir(), 'xb-wizard-url-'));
    try {
      writeFileSync(join(dir, 'c.json'), renderDraft({ ...draft, doc: { ...draft.doc, merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77' } }));
      const config = await loadConfig({ file: 'c.json', cwd: dir, env: draftEnv(draft, {}) });
      expect(config.merchant.baseUrl).toBe(TYPED);
      expect(decodeURIComponent(new URL(config.merchant.baseUrl).password)).toBe(PASSWORD);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a URL without credentials stays as typed, and shows as typed', () => {
    for (const url of ['https://shop.example.com', 'http://localhost:8080/x?lang=de&merchantCartToken=abc', 'http://user@host/']) {
      expect(urlForDisplay(url, true)).toBe(url);
      expect(urlForDisplay(url, false)).toBe(url);
    }
  });

  it('while typed, no prefix of the answer line ever shows the password or the key', () => {
    for (let i = 1; i <= TYPED.length; i++) {
      const shown = urlForDisplay(TYPED.slice(0, i), false);
      // Any 3 characters of the password or key in a row would be a piece of it.
      for (const secret of [PASSWORD, encodeURIComponent(KEY)]) {
        for (let k = 0; k + 3 <= secret.length; k++) {
          const piece = secret.slice(k, k + 3);
          if (!'user:shop.example.com:8443/base?apikey=&lang=de'.includes(piece)) expect(shown, TYPED.slice(0, i)).not.toContain(piece);
        }
      }
    }
  });

  it('property: for any password and key, the answered line shows neither', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'Z', '9', '@', ':', '-', '!', '%', '~'), minLength: 4, maxLength: 16 }).filter((p) => /[aZ9]{1}/.test(p));
    fc.assert(
      fc.property(part, part, (password, key) => {
        const url = `https://u:${password}@h.example.com/p?token=${key}&q=1`;
        const shown = urlForDisplay(url, true);
        expect(shown).toBe(`https://u:${MASK}@h.example.com/p?token=${MASK}&q=1`);
      }),
      runs(200),
    );
  });
});

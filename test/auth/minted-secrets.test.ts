/**
 * Credentials xborder makes are secrets too: each JWT it signs (whole, and its signature alone,
 * also the tampered and expired ones of the negative cases) and each Basic credential it builds are
 * noted, and the run's redactor masks them in any echo, also where no pattern would find them.
 */
import { describe, expect, it } from 'vitest';
import { applyAuth, negativeVariants } from '../../src/auth/index.js';
import type { AuthConfig, RequestSpec } from '../../src/model.js';
import { MASK, Redactor } from '../../src/redact/redactor.js';
import { bindRunRedactor } from '../../src/redact/run.js';
import { echoForms, leaksIn } from '../redact/echo-forms.js';

const base = (): RequestSpec => ({ method: 'GET', url: 'https://shop.example.com/c?x=1', headers: {} });
const jwt: AuthConfig = { mode: 'jwt', algorithm: 'HS256', secret: 'minted-jwt-secret-0147', issuer: 'platform' };
const basic: AuthConfig = { mode: 'basic', username: 'platform', password: 'P@ss w/rd+é-2468' };

describe('credentials xborder makes', () => {
  it('every JWT it signs (valid, tampered, expired, wrong issuer): whole and its signature alone, in every echo form', async () => {
    // Bound before and after signing alike: a redactor bound later learns the earlier tokens too.
    const early = bindRunRedactor(new Redactor());
    const tokens: string[] = [];
    const header = (spec: RequestSpec) => spec.headers.Authorization!.replace(/^Bearer /, '');
    tokens.push(header(await applyAuth(base(), jwt)));
    for (const variant of negativeVariants(jwt)) {
      const spec = await variant.apply(base());
      if (spec.headers.Authorization && variant.id !== 'jwt-alg-none') tokens.push(header(spec));
    }
    expect(tokens.length).toBe(4);
    const late = bindRunRedactor(new Redactor());
    for (const r of [early, late]) {
      for (const token of tokens) {
        const signature = token.split('.')[2]!;
        // A signature alone, without the JWT around it, is no pattern any rule knows.
        expect(r.text(`HMAC ${signature} does not verify`)).toBe(`HMAC ${MASK} does not verify`);
        for (const form of [...echoForms(token), ...echoForms(signature)]) {
          expect(leaksIn(r.text(`echo <${form.text}>`), { token, signature }), form.kind).toEqual([]);
        }
      }
    }
  });

  it('every Basic credential it builds, also where no "Basic" word precedes it', async () => {
    const r = bindRunRedactor(new Redactor());
    const spec = await applyAuth(base(), basic);
    const credential = spec.headers.Authorization!.replace(/^Basic /, '');
    expect(Buffer.from(credential, 'base64').toString('utf8')).toBe('platform:P@ss w/rd+é-2468');
    for (const form of echoForms(credential)) {
      const out = r.text(`you sent auth=${form.text}; bye`);
      expect(leaksIn(out, { credential }), form.kind).toEqual([]);
    }
    // The scheme word stays readable where a header is shown.
    expect(r.text(`Authorization: Basic ${credential}`)).toBe(`Authorization: Basic ${MASK}`);
  });
});

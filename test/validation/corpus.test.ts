/**
 * The real-world corpus (test/corpus/validate/): payloads shaped after public-facts ("How deployed
 * merchant integrations behave", "Wire quirks seen in real payloads", "Real platform payloads"). Each
 * gets its verdict: the kind told from its shape, and every check's status with and without --strict.
 * A behaviour the platform works with is no failure; a form only merchants send fails --strict; the
 * names and forms real platform payloads carry pass --strict, at most with an info.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CheckStatus, Finding } from '../../src/model.js';
import { detectKind, validatePayload, type PayloadKind } from '../../src/validation/index.js';
import { FLAT_RESPONSE_INFO_MESSAGE, FRAMEWORK_ERROR_MESSAGE } from '../../src/validation/response-form.js';

const dir = fileURLToPath(new URL('../corpus/validate/', import.meta.url));

/** Checks not named here must pass. */
type Statuses = Record<string, CheckStatus>;

interface Verdict {
  kind: PayloadKind;
  loose: Statuses;
  strict: Statuses;
  /**
   * The findings expected (non-strict run) of the schema step and the response rules, and every
   * warning or error of any check, matched by check id, path and severity. Info findings of the other
   * named rules (decoding notes...) are theirs to test.
   */
  findings?: { check: string; path: string; severity: Finding['severity']; message?: string | RegExp }[];
}

// A flat answer: the form is noted (info), and fails only --strict.
const FLAT = { check: 'lenient', path: '', severity: 'info' as const, message: FLAT_RESPONSE_INFO_MESSAGE };

const CORPUS: Record<string, Verdict> = {
  // One integration emits all nine keys, unused ones as null.
  'flat-success-all-keys-null.json': { kind: 'order-response', loose: {}, strict: { lenient: 'failed' }, findings: [FLAT] },
  // One emits only InternalOrderId, OrderId and Success on success.
  'flat-success-minimal.json': { kind: 'order-response', loose: {}, strict: { lenient: 'failed' }, findings: [FLAT] },
  // HTTP 500 with a full ResponseInfo: Success false, ErrorCode null, a Message.
  'flat-error-http500-full.json': { kind: 'order-response', loose: {}, strict: { lenient: 'failed' }, findings: [FLAT] },
  'wrapped-error-http500-full.json': { kind: 'order-response', loose: {}, strict: {}, findings: [] },
  // HTTP 400 with { OrderId, Success: false, Message }.
  'flat-error-orderid-message.json': { kind: 'order-response', loose: {}, strict: { lenient: 'failed' }, findings: [FLAT] },
  'wrapped-error-orderid-message.json': { kind: 'order-response', loose: {}, strict: {}, findings: [] },
  // ErrorCode as the number 100, a stack trace in Message, unused keys omitted.
  'flat-error-code-number-stack.json': {
    kind: 'order-response',
    loose: { lenient: 'warning' },
    strict: { lenient: 'failed' },
    findings: [FLAT, { check: 'lenient', path: '/ErrorCode', severity: 'warning', message: '100 is a number; documented as a string ("100")' }],
  },
  // A partial ResponseInfo that does not say why it failed.
  'wrapped-partial-error-silent.json': {
    kind: 'order-response',
    loose: { 'response-outcome': 'warning' },
    strict: { 'response-outcome': 'failed' },
    findings: [{ check: 'response-outcome', path: '/ResponseInfo', severity: 'warning' }],
  },
  // Framework error bodies when the merchant's code crashed: one finding, not a pile of ajv errors.
  'framework-error-minimal.json': {
    kind: 'order-response',
    loose: { schema: 'warning' },
    strict: { schema: 'failed' },
    findings: [{ check: 'schema', path: '', severity: 'warning', message: FRAMEWORK_ERROR_MESSAGE }],
  },
  'framework-error-spring.json': {
    kind: 'order-response',
    loose: { schema: 'warning' },
    strict: { schema: 'failed' },
    findings: [{ check: 'schema', path: '', severity: 'warning', message: FRAMEWORK_ERROR_MESSAGE }],
  },
  // PHP escapes JSON (\/ and \u00f6): valid JSON, nothing to say beyond the flat form.
  'php-escaped-error.json': { kind: 'order-response', loose: {}, strict: { lenient: 'failed' }, findings: [FLAT] },
  // A real platform order: OTVoucherCurrencyCode, no Customer, extra product and InternationalDetails
  // fields, ExpirationDate 2020-2-29, TransactionCurrencyCode " EUR", a leading-space phone, nulls.
  'platform-order-real.json': {
    kind: 'order',
    loose: {},
    strict: {},
    findings: [{ check: 'lenient', path: '/OTVoucherCurrencyCode', severity: 'info', message: /documented name of OTCurrencyCode/ }],
  },
  // A PerformOrderPayment-style order: PaymentDetails spells StateOrProvice, StatusCode "cancelled".
  'platform-payment-order-real.json': {
    kind: 'order',
    loose: {},
    strict: {},
    findings: [{ check: 'lenient', path: '/PaymentDetails/StateOrProvice', severity: 'info' }],
  },
  // A merchant's cart with the spellings the documents print: discountList, clientIp, countryCode
  // (camelCase at the top level), hubID, IncludeVAT, StateOrProvice; raw `+` phone and e-mail.
  'cart-real-quirks.json': {
    kind: 'cart',
    loose: {},
    strict: {},
    findings: [
      { check: 'lenient', path: '/discountList', severity: 'info' },
      { check: 'lenient', path: '/clientIp', severity: 'info' },
      { check: 'lenient', path: '/countryCode', severity: 'info' },
      { check: 'lenient', path: '/userDetails/AddressDetails/0/StateOrProvice', severity: 'info' },
    ],
  },
};

/** The checks whose every finding the corpus pins: the schema step and the ResponseInfo rules. */
const OWN_CHECKS = new Set(['schema', 'lenient', 'unknown-properties', 'response-outcome', 'response-payment']);

const read = (file: string): unknown => JSON.parse(readFileSync(`${dir}${file}`, 'utf8'));

describe('the real-world corpus', () => {
  it('judges every file of the corpus (none is left without a verdict)', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(Object.keys(CORPUS).sort());
  });

  describe.each(Object.entries(CORPUS))('%s', (file, verdict) => {
    const doc = read(file);

    it(`is told as ${verdict.kind} without --as`, () => {
      expect(detectKind(doc)).toBe(verdict.kind);
    });

    it.each([
      ['without --strict', false],
      ['with --strict', true],
    ] as const)('gets its verdict %s', (_label, strict) => {
      const expected = strict ? verdict.strict : verdict.loose;
      const checks = validatePayload(verdict.kind, doc, { strict });
      const statuses = Object.fromEntries(checks.map((c) => [c.id, c.status]));
      expect(statuses).toEqual(Object.fromEntries(checks.map((c) => [c.id, expected[c.id] ?? 'passed'])));
      // Every check named in the verdict exists (a renamed check would pass unnoticed otherwise).
      for (const id of Object.keys(expected)) expect(statuses).toHaveProperty([id]);
    });

    it('has exactly the expected findings beyond the passed checks, at paths into the document as given', () => {
      if (!verdict.findings) return;
      const found = validatePayload(verdict.kind, doc)
        .flatMap((c) => c.findings.map((f) => ({ check: c.id, ...f })))
        .filter((f) => OWN_CHECKS.has(f.check) || f.severity !== 'info');
      expect(found).toHaveLength(verdict.findings.length);
      for (const want of verdict.findings) {
        const match = found.find((f) => f.check === want.check && f.path === want.path && f.severity === want.severity);
        expect(match, `${want.check} ${want.path}`).toBeDefined();
        if (want.message !== undefined) expect(match!.message).toMatch(typeof want.message === 'string' ? new RegExp(`^${escapeRegExp(want.message)}$`) : want.message);
      }
    });
  });

  it('reads the PHP escapes for what they are', () => {
    expect(readFileSync(`${dir}php-escaped-error.json`, 'utf8')).toContain('J\\u00f6rg');
    expect(read('php-escaped-error.json')).toMatchObject({ Message: 'Warenkorb für Jörg nicht gefunden', Description: 'Hilfe: https://shop.example.com/hilfe/kasse' });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The decode corpus (test/corpus/decode/): payloads shaped after public-facts ("URL encoding", "Real
 * platform payloads"). Each gets its exact decode (every changed value, the notes) and its validate
 * findings: `validate` reports what `decode` sees.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CheckStatus, Finding } from '../../src/model.js';
import { decodePayload, type ValueRole } from '../../src/decode/payload-decode.js';
import { detectKind, validatePayload, type PayloadKind } from '../../src/validation/index.js';
import { parsePointer } from '../../src/validation/pointer.js';

const dir = fileURLToPath(new URL('../corpus/decode/', import.meta.url));

/** One changed value: raw -> decoded, where it sits; `twice` when it was encoded twice. */
type Change = [path: string, raw: string, decoded: string, role: ValueRole, twice?: boolean];
/** A note or a finding: path, severity and (for notes) the message's start. */
type Said = [path: string, severity: Finding['severity'], start?: string];

interface Expected {
  kind: PayloadKind;
  /** Every value decodePayload changes, in document order. */
  changes: Change[];
  /** Every note decodePayload leaves, in order. */
  notes: Said[];
  /** Checks of validate that do not pass. */
  statuses: Record<string, CheckStatus>;
  /** Every finding of validate, by check. */
  findings: [check: string, path: string, severity: Finding['severity']][];
}

const HUB_NOTE = 'PrimaryBilling carries form-encoded values although Customer.IsEndCustomerPrimary is false';
const NOT_ENCODED = "the end customer's value is not URL-encoded";

const CORPUS: Record<string, Expected> = {
  // The PerformOrderPayment case: the encoded block is PrimaryBilling although IsEndCustomerPrimary is
  // false; the hub's SecondaryBilling (raw phone, CRLF Address2) must come out as sent.
  'flipped-payment-order.json': {
    kind: 'order',
    changes: [
      ['/PrimaryBilling/Address1', 'Hertzel+12', 'Hertzel 12', 'hub'],
      ['/PrimaryBilling/City', 'Tel+Aviv', 'Tel Aviv', 'hub'],
      ['/PrimaryBilling/Email', 'alextest%40test.com', 'alextest@test.com', 'hub'],
      ['/PrimaryBilling/Phone1', '%2B972+73+204+1384', '+972 73 204 1384', 'hub'],
    ],
    notes: [['/PrimaryBilling', 'info', HUB_NOTE]],
    statuses: {},
    findings: [['end-customer-encoding', '/PrimaryBilling', 'info']],
  },
  // The end customer (Primary) sent a raw `+` phone and a raw `+tag` e-mail beside encoded values;
  // the billing block has them encoded. The hub's phone has a leading + and no spaces.
  'raw-plus-phone-email.json': {
    kind: 'order',
    changes: [
      ['/PrimaryShipping/Address1', 'Hauptstra%C3%9Fe+5', 'Hauptstraße 5', 'end-customer'],
      ['/PrimaryShipping/City', 'M%C3%BCnchen', 'München', 'end-customer'],
      ['/PrimaryBilling/Address1', 'Hauptstra%C3%9Fe+5', 'Hauptstraße 5', 'end-customer'],
      ['/PrimaryBilling/City', 'M%C3%BCnchen', 'München', 'end-customer'],
      ['/PrimaryBilling/Email', 'ben%2Bglobal%40shop.example', 'ben+global@shop.example', 'end-customer'],
      ['/PrimaryBilling/Phone1', '%2B4917612345678', '+4917612345678', 'end-customer'],
    ],
    notes: [
      ['/PrimaryShipping/Email', 'info', `${NOT_ENCODED}: it has a raw "@" (the platform writes %40)`],
      ['/PrimaryShipping/Phone1', 'info', `${NOT_ENCODED}: it has a raw "+" (the platform writes %2B)`],
    ],
    statuses: {},
    findings: [
      ['end-customer-encoding', '/PrimaryShipping/Email', 'info'],
      ['end-customer-encoding', '/PrimaryShipping/Phone1', 'info'],
    ],
  },
  // A real order without Customer: the Secondary blocks are the end customer's; a phone whose `+` was
  // decoded upstream arrives with a leading space and stays so.
  'no-customer-order.json': {
    kind: 'order',
    changes: [
      ['/SecondaryShipping/Address1', 'Rothschild+Blvd+22', 'Rothschild Blvd 22', 'end-customer'],
      ['/SecondaryShipping/City', 'Tel+Aviv', 'Tel Aviv', 'end-customer'],
      ['/SecondaryShipping/Email', 'moshe.cohen%40example.co.il', 'moshe.cohen@example.co.il', 'end-customer'],
    ],
    notes: [['/SecondaryShipping/Phone1', 'info', `${NOT_ENCODED}: it has a literal space`]],
    statuses: {},
    findings: [['end-customer-encoding', '/SecondaryShipping/Phone1', 'info']],
  },
  // Merchants send carts raw: `+1 215-925-1800` and `ben+global@shop.example` are literal.
  'cart-literal-plus.json': { kind: 'cart', changes: [], notes: [], statuses: {}, findings: [] },
  // An e-mail encoded twice (%2540): decoded twice, a warning; emails-urls fails it as an e-mail.
  'double-encoded-order.json': {
    kind: 'order',
    changes: [
      ['/SecondaryShipping/LastName', 'M%C3%BCller', 'Müller', 'end-customer'],
      ['/SecondaryShipping/Address1', 'Friedrichstra%C3%9Fe+123', 'Friedrichstraße 123', 'end-customer'],
      ['/SecondaryShipping/City', 'K%C3%B6ln', 'Köln', 'end-customer'],
      ['/SecondaryShipping/Email', 'anna.mueller%2540example.de', 'anna.mueller@example.de', 'end-customer', true],
      ['/SecondaryShipping/Phone1', '%2B49+221+12345678', '+49 221 12345678', 'end-customer'],
    ],
    notes: [['/SecondaryShipping/Email', 'warning', 'URL-encoded twice']],
    statuses: { 'emails-urls': 'failed', 'end-customer-encoding': 'warning' },
    findings: [
      ['emails-urls', '/SecondaryShipping/Email', 'error'],
      ['end-customer-encoding', '/SecondaryShipping/Email', 'warning'],
    ],
  },
};

const read = (file: string): unknown => JSON.parse(readFileSync(`${dir}${file}`, 'utf8'));

/** `doc` with the value at each change's path replaced by its decoded text. */
function withChanges(doc: unknown, changes: Change[]): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  for (const [path, , decoded] of changes) {
    const tokens = parsePointer(path);
    const last = tokens.pop()!;
    const parent = tokens.reduce<Record<string, unknown>>((node, t) => node[t] as Record<string, unknown>, copy);
    parent[last] = decoded;
  }
  return copy;
}

describe('the decode corpus', () => {
  it('gives every file of the corpus its expected result', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(Object.keys(CORPUS).sort());
  });

  describe.each(Object.entries(CORPUS))('%s', (file, want) => {
    const doc = read(file);

    it(`is told as ${want.kind}`, () => {
      expect(detectKind(doc)).toBe(want.kind);
    });

    it('decodes exactly the values with the evidence, and nothing else', () => {
      const before = JSON.stringify(doc);
      const { decoded, values } = decodePayload(doc);
      expect(values).toEqual(want.changes.map(([path, raw, dec, role, twice]) => ({ path, raw, decoded: dec, role, issues: [], doubleEncoded: twice === true })));
      expect(decoded).toEqual(withChanges(doc, want.changes));
      expect(JSON.stringify(doc)).toBe(before);
    });

    it('leaves exactly the expected notes', () => {
      const { notes } = decodePayload(doc);
      expect(notes.map((n) => [n.path, n.severity])).toEqual(want.notes.map(([path, severity]) => [path, severity]));
      want.notes.forEach(([, , start], i) => {
        if (start !== undefined) expect(notes[i].message.startsWith(start), notes[i].message).toBe(true);
      });
    });

    it('gets from validate the findings decode sees, and its verdict', () => {
      const checks = validatePayload(want.kind, doc);
      const statuses = Object.fromEntries(checks.map((c) => [c.id, c.status]));
      expect(statuses).toEqual(Object.fromEntries(checks.map((c) => [c.id, want.statuses[c.id] ?? 'passed'])));
      expect(checks.flatMap((c) => c.findings.map((f) => [c.id, f.path, f.severity]))).toEqual(want.findings);
      // The rule's findings are decode's notes, one for one.
      const rule = checks.find((c) => c.id === 'end-customer-encoding');
      if (want.kind === 'order') expect(rule?.findings).toEqual(decodePayload(doc).notes);
      else expect(rule).toBeUndefined();
    });
  });

  it('--all changes nothing in the raw cart either: its + values are literal', () => {
    const cart = read('cart-literal-plus.json');
    expect(decodePayload(cart, { all: true })).toEqual({ decoded: cart, values: [], notes: [] });
  });
});

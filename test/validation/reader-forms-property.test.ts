/**
 * The platform's reader, property-tested on every payload kind: the answers a merchant sends (cart,
 * ResponseInfo wrapped and flat, the answers to lifecycle events), the platform's (gift-card response,
 * ErrorInfo) and what the platform sends (orders, lifecycle events, gift-card requests). A valid
 * payload rewritten into any mix of the forms the reader tolerates (names in other casings, numbers
 * and booleans written as strings, numbers for text, unset optional values sent as `null` or `""`) is
 * never failed without --strict, and fails with it; the same answer with one required value emptied
 * (`""`, `null` or removed) always fails. Walks follow the schema's own shape graph, so every
 * documented property of every kind is a candidate.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShapeNode } from '../../src/validation/compiled.js';
import { compiledSchema } from '../../src/validation/registry.js';
import { validatePayload, type PayloadKind } from '../../src/validation/index.js';
import { runs } from '../helpers/fuzz-runs.js';
import { sample, sampleIndex } from './fixtures.js';

/** One valid payload of a kind; `flat` answers are sent as the ResponseInfo fields at the top level. */
interface Answer {
  name: string;
  kind: PayloadKind;
  doc: Record<string, unknown>;
  flat?: boolean;
}

/** Answers to lifecycle events are ResponseInfos too: an accepted event, a refused one. */
const LIFECYCLE_ACCEPTED = { ResponseInfo: { Success: true, InternalOrderId: '100045', OrderId: '100045', StatusCode: 'canceled' } };
const LIFECYCLE_REFUSED = { ResponseInfo: { Success: false, ErrorCode: 'OrderNotFound', Message: 'Order not found', Description: null } };

const ANSWERS: Answer[] = [
  ...['cart-full.json', 'cart-multi-address.json'].map((f) => ({ name: f, kind: 'cart' as const, doc: sample(f) })),
  ...['order-response-success.json', 'order-response-payment.json', 'order-response-error.json'].flatMap((f) => [
    { name: f, kind: 'order-response' as const, doc: sample(f) },
    { name: `${f} flat`, kind: 'order-response' as const, doc: sample(f), flat: true },
  ]),
  { name: 'lifecycle accepted', kind: 'order-response', doc: LIFECYCLE_ACCEPTED, flat: true },
  { name: 'lifecycle refused', kind: 'order-response', doc: LIFECYCLE_REFUSED },
  ...['gift-card-response-valid.json', 'gift-card-response-invalid.json'].map((f) => ({ name: f, kind: 'gift-card-response' as const, doc: sample(f) })),
  // Every other kind: the shipped samples of orders, lifecycle events, gift-card requests, ErrorInfo.
  ...sampleIndex().filter((e) => !['cart', 'order-response', 'gift-card-response'].includes(e.kind)).map((e) => ({ name: e.file, kind: e.kind as PayloadKind, doc: sample(e.file) })),
];

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every required property present in `doc`, as a path of documented names and list indexes. */
function requiredPaths(doc: unknown, nodes: ShapeNode[], node: ShapeNode | undefined, at: (string | number)[] = []): (string | number)[][] {
  if (!node) return [];
  if (Array.isArray(doc)) return node.items === undefined ? [] : doc.flatMap((item, i) => requiredPaths(item, nodes, nodes[node.items!], [...at, i]));
  if (!isRecord(doc)) return [];
  const out: (string | number)[][] = [];
  for (const [name, value] of Object.entries(doc)) {
    if (node.required?.includes(name)) out.push([...at, name]);
    const child = node.children?.[name];
    if (child !== undefined) out.push(...requiredPaths(value, nodes, nodes[child], [...at, name]));
  }
  return out;
}

/** The casings a .NET reader matches alike. */
const RECASE = [(k: string) => k.toLowerCase(), (k: string) => k.toUpperCase(), (k: string) => k[0]!.toLowerCase() + k.slice(1), (k: string) => k[0]!.toUpperCase() + k.slice(1)];

/** What one rewrite did: whether it used a form --strict fails (so strict must fail). */
interface Rewrite {
  doc: unknown;
  noted: boolean;
}

/**
 * `doc` rewritten in the reader's tolerated forms where `pick` says, following the shape graph;
 * `target` (documented names) is emptied as `empty` says and its ancestors are kept as they are.
 */
function rewrite(doc: unknown, nodes: ShapeNode[], pick: () => number, target?: (string | number)[], empty?: 'blank' | 'null' | 'remove'): Rewrite {
  let noted = false;
  const walk = (value: unknown, node: ShapeNode | undefined, path: (string | number)[] | undefined): unknown => {
    if (Array.isArray(value)) {
      return value.map((item, i) => walk(item, node?.items === undefined ? undefined : nodes[node.items], path && path[0] === i ? path.slice(1) : undefined));
    }
    if (!isRecord(value)) return scalar(value);
    if (!node?.props) return value;
    const out: Record<string, unknown> = {};
    for (const name of node.props) {
      const onPath = path !== undefined && path[0] === name;
      const isTarget = onPath && path!.length === 1;
      const has = Object.prototype.hasOwnProperty.call(value, name);
      let v: unknown = value[name];
      if (isTarget) {
        if (empty === 'remove') continue;
        v = empty === 'blank' ? '' : null;
      } else if (!onPath && !node.required?.includes(name) && (!has || v === null)) {
        // An optional value the answer does not give: sent as null or "" or left out (the PHP SDK's way).
        const n = pick() % 3;
        if (n === 2) continue;
        v = n === 0 ? null : '';
      } else if (!has) continue;
      else {
        const child = node.children?.[name];
        v = walk(v, child === undefined ? undefined : nodes[child], onPath ? path!.slice(1) : undefined);
      }
      // A name is recased, but never into another documented name of the same object, nor inside a
      // map open to any name (CardFields: a dictionary's keys are matched exactly).
      const n = pick();
      let key = name;
      if (n % 3 === 0 && !node.open) {
        const recased = RECASE[n % RECASE.length]!(name);
        if (recased !== name && !node.props.some((p) => p !== name && p.toLowerCase() === recased.toLowerCase())) {
          key = recased;
          noted = true;
        }
      }
      out[key] = v;
    }
    // Undocumented names stay as sent (they are info, never a failure).
    for (const [name, v] of Object.entries(value)) if (!node.props.includes(name)) out[name] = v;
    return out;
  };
  const scalar = (value: unknown): unknown => {
    const n = pick();
    if (typeof value === 'boolean' && n % 2 === 0) {
      noted = true;
      return [String(value), value ? 'True' : 'False', value ? 'TRUE' : 'false'][n % 3];
    }
    if (typeof value === 'number' && n % 2 === 0) {
      noted = true;
      // Integers as plain digits (an Int32 reads no decimal point); decimals with 4 places when exact.
      if (Number.isInteger(value)) return String(value);
      return Number(value.toFixed(4)) === value && n % 4 === 0 ? value.toFixed(4) : String(value);
    }
    return value;
  };
  return { doc: walk(structuredClone(doc), nodes[0], target), noted };
}

/** The ResponseInfo of a wrapped answer at the top level (whatever casing the wrapper got). */
function flatten(doc: unknown): unknown {
  if (!isRecord(doc)) return doc;
  const key = Object.keys(doc).find((k) => k.toLowerCase() === 'responseinfo');
  return key !== undefined && isRecord(doc[key]) ? doc[key] : doc;
}

const failing = (kind: PayloadKind, doc: unknown, strict: boolean) => validatePayload(kind, doc, { strict }).filter((c) => c.status === 'failed' || c.status === 'errored');

const seeds = fc.array(fc.nat(), { minLength: 64, maxLength: 64 });
const picker = (values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]! + i;
};

describe('the platform reader on every payload kind', () => {
  it('the answers used are valid as they stand', () => {
    for (const a of ANSWERS) expect(failing(a.kind, a.flat ? flatten(a.doc) : a.doc, false), a.name).toEqual([]);
  });

  it('any mix of tolerated forms is never failed without --strict, and fails with it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANSWERS), seeds, (answer, values) => {
        const { doc, noted } = rewrite(answer.doc, compiledSchema(answer.kind).meta.nodes, picker(values));
        const sent = answer.flat ? flatten(doc) : doc;
        expect(failing(answer.kind, sent, false)).toEqual([]);
        if (noted || answer.flat) expect(failing(answer.kind, sent, true).length).toBeGreaterThan(0);
      }),
      runs(150),
    );
  });

  it('the same answer with one required value emptied ("", null or removed) is always failed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANSWERS), seeds, fc.nat(), fc.constantFrom('blank' as const, 'null' as const, 'remove' as const), (answer, values, which, empty) => {
        const nodes = compiledSchema(answer.kind).meta.nodes;
        const targets = requiredPaths(answer.doc, nodes, nodes[0]);
        expect(targets.length).toBeGreaterThan(0);
        const target = targets[which % targets.length]!;
        const { doc } = rewrite(answer.doc, nodes, picker(values), target, empty);
        // The wrapper itself emptied cannot be flattened: sent as it is.
        const sent = answer.flat && target.length > 1 ? flatten(doc) : doc;
        expect(failing(answer.kind, sent, false).length, `${answer.name}: ${target.join('/')} ${empty}`).toBeGreaterThan(0);
      }),
      runs(150),
    );
  });
});

/**
 * The compiled validators (scripts/compile-schemas.mjs) are ajv's code rewritten for speed on valid
 * documents: big definitions compiled once instead of copied into every caller, errors appended by
 * one helper, a closed object's names tested by a `switch`. Their answers must stay ajv's own: every
 * call returns the boolean and the errors (every field, in order) that ajv's default code returns for
 * the same schema, compiled here as the reference. And no generated function may outgrow what V8
 * optimizes: an unoptimized root validator runs two to three times slower.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listSamples, loadSample } from '../../src/samples/catalog.js';
import { PAYLOAD_KINDS, type PayloadKind } from '../../src/validation/index.js';
import { compiledSchema } from '../../src/validation/registry.js';
import { runs } from '../helpers/fuzz-runs.js';

const KINDS: (PayloadKind | 'config')[] = [...PAYLOAD_KINDS, 'config'];
const generated = (file: string): URL => new URL(`../../src/validation/generated/${file}`, import.meta.url);

/**
 * The schema a generated module was compiled from: its first `schemaN` constant (ajv emits the root
 * function's own schema first), a JSON literal.
 */
function rootSchema(source: string): object {
  const start = source.indexOf('{', /const schema\d+ = \{/.exec(source)!.index);
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '"') {
      for (i++; source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(source.slice(start, i + 1)) as object;
  }
  throw new Error('no schema literal');
}

/** ajv's default code for a kind's schema, with the options the build compiles it with. */
function reference(kind: PayloadKind | 'config'): ValidateFunction {
  // ajv and ajv-formats are CommonJS: the default import is the module object.
  const ajv = new Ajv2020.default({ allErrors: true, strict: true, allowUnionTypes: true, messages: false });
  addFormats.default(ajv);
  return ajv.compile(rootSchema(readFileSync(generated(`${kind}.js`), 'utf8')));
}

const pairs = KINDS.map((kind) => ({ kind, tuned: compiledSchema(kind).validate, reference: reference(kind) }));
const catalog = listSamples().map((s) => ({ kind: s.kind, doc: loadSample(s.name) as unknown }));
const samples = catalog.map((s) => s.doc);

/** The kinds' tuned validators answer `doc` as ajv's default code does (every kind by default). */
function sameAnswers(doc: unknown, kinds: readonly (PayloadKind | 'config')[] = KINDS): void {
  for (const { kind, tuned, reference } of pairs) {
    if (!kinds.includes(kind)) continue;
    const expected = { valid: reference(doc), errors: reference.errors };
    const actual = { valid: tuned(doc), errors: tuned.errors };
    // expect() only on a difference: thousands of documents are compared.
    if (!isDeepStrictEqual(actual, expected)) expect(actual, kind).toStrictEqual(expected);
  }
}

/** The sample of each kind with the most properties (every sample's properties make thousands of documents). */
function richestPerKind(): { kind: PayloadKind; doc: unknown }[] {
  const count = (doc: unknown): number => {
    let n = 0;
    eachProperty(doc, () => n++);
    return n;
  };
  const best = new Map<PayloadKind, { kind: PayloadKind; doc: unknown }>();
  for (const s of catalog) if (!best.has(s.kind) || count(s.doc) > count(best.get(s.kind)!.doc)) best.set(s.kind, { kind: s.kind, doc: structuredClone(s.doc) });
  return [...best.values()];
}

/** Calls `fn(node, key)` for every property of every object in `value`, depth first. */
function eachProperty(value: unknown, fn: (node: Record<string, unknown>, key: string) => void): void {
  if (!value || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    if (!Array.isArray(value)) fn(value as Record<string, unknown>, key);
    eachProperty((value as Record<string, unknown>)[key], fn);
  }
}

/** Values the edits plant: wire payloads' odd forms and the edges of the schemas' keywords. */
const oddValue = fc.oneof(
  fc.constantFrom('', ' ', '%', '+', '@', 'a b', 'a%20b', 'é', '😀', 'USD', 'usd', ' USD', 'US', 'GB', 'AB😀', '12', 'PDF', 'pdf', 'x'.repeat(51), 'y'.repeat(101), '__proto__'),
  fc.constantFrom<unknown>(null, 0, -1, 1.5, 7, 11, 1e308, true, false, [], {}, [{}], [null]),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Other names for a property: other casings, a typo, an unknown one. */
const renames = [(k: string) => k.toLowerCase(), (k: string) => k.toUpperCase(), (k: string) => k.slice(0, 1).toLowerCase() + k.slice(1), (k: string) => `${k}X`];
const edit = fc.record({
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
  action: fc.constantFrom('set', 'delete', 'rename', 'add', 'wrap', 'subs'),
  value: oddValue,
  n: fc.nat(),
});
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/** Applies one edit at the node `picks` lead to (a key chosen at each level, as far as objects go). */
function apply(doc: unknown, { picks, action, value, n }: Edit): void {
  let node = doc as Record<string, unknown>;
  for (const pick of picks) {
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[pick % keys.length]!;
    const child = node[key];
    if (child && typeof child === 'object' && pick % 4 !== 0) {
      node = child as Record<string, unknown>;
      continue;
    }
    // Planted as a copy: a later edit must not change the value fast-check keeps (and replays).
    if (action === 'set') node[key] = structuredClone(value);
    else if (action === 'delete') delete node[key];
    else if (action === 'rename') {
      delete node[key];
      node[renames[n % renames.length]!(key)] = child;
    } else if (action === 'add') {
      // An own property whatever its name (`__proto__` included), as JSON.parse makes it.
      Object.defineProperty(node, renames[n % renames.length]!(key), { value: structuredClone(value), enumerable: true, configurable: true, writable: true });
    } else if (action === 'wrap') node[key] = [child];
    else node.Subs = [structuredClone(samples[n % samples.length]), structuredClone(value)];
    return;
  }
}

describe('compiled validators answer as ajv', () => {
  it('every sample, as every kind', () => {
    for (const doc of samples) sameAnswers(doc);
  });

  it("each kind's richest sample with each of its properties broken in turn (a wrong type, another casing)", () => {
    for (const { kind, doc } of richestPerKind()) {
      eachProperty(doc, (node, key) => {
        const value = node[key];
        const other = key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase();
        node[key] = [];
        sameAnswers(doc, [kind]);
        delete node[key];
        node[other] = value;
        sameAnswers(doc, [kind]);
        delete node[other];
        node[key] = value;
      });
    }
  });

  it('samples with arbitrary edits (values, names, casings, nesting), as every kind', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 4 }), (which, edits) => {
        const doc = structuredClone(samples[which % samples.length]);
        for (const e of edits) apply(doc, e);
        sameAnswers(doc);
      }),
      runs(150),
    );
  });

  it('any JSON value, as every kind', () => {
    fc.assert(fc.property(fc.jsonValue(), (doc) => sameAnswers(doc)), runs(100));
  });
});

/** V8's limit: a function with more bytecode is never optimized (`--max-optimized-bytecode-size`). */
const bytecodeLimit = Number(/max-optimized-bytecode-size=(\d+)/.exec(execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }))?.[1]);

describe('compiled validators stay optimizable', () => {
  it.skipIf(!Number.isInteger(bytecodeLimit))('no generated function has more bytecode than V8 optimizes', () => {
    const out = execFileSync(
      process.execPath,
      ['--print-bytecode', '--no-lazy', '--print-bytecode-filter=validate*', '--input-type=module', '-e', `await import(${JSON.stringify(generated('index.js').href)});`],
      { encoding: 'utf8', maxBuffer: 1 << 30 },
    );
    const sizes = [...out.matchAll(/\[generated bytecode for function: (validate\d+) [^\n]*\]\nBytecode length: (\d+)/g)].map((m) => ({ name: m[1], bytes: Number(m[2]) }));
    expect(sizes.length).toBeGreaterThan(KINDS.length);
    expect(sizes.filter((s) => s.bytes > bytecodeLimit)).toEqual([]);
  });
});

// Compiles schemas/*.schema.json into ajv standalone ESM validators (src/validation/generated/) and
// TypeScript payload types (src/types/generated/), so the CLI never compiles a schema at run time and
// the payload types are derived from the schemas, never written by hand.
//
// Payload schemas allow unknown properties (receivers must tolerate them). The compiled validators
// close every object that declares `properties`, so unknown names come back as errors the validation
// engine can classify (case variant, alias, or a harmless unknown reported as info). The config schema
// is compiled as written: it closes its own objects.
//
// The validators' code is ajv's, rewritten where it is slow on valid documents (see tuneValidators);
// every call returns what ajv's default code would, errors included.
//
// Outputs are skipped when neither the schemas nor this script changed (a stamp file), so the build
// stays fast for everyone.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(root, 'schemas');
const validatorDir = join(root, 'src/validation/generated');
const typesDir = join(root, 'src/types/generated');

/** Every kind the engine knows, its schema file and the root type name of its generated types. */
const KINDS = [
  { kind: 'order', file: 'order.schema.json', typeName: 'Order', close: true },
  { kind: 'cart', file: 'cart.schema.json', typeName: 'CheckoutCartInfo', close: true },
  { kind: 'order-response', file: 'order-response.schema.json', typeName: 'OrderResponse', close: true },
  { kind: 'gift-card-request', file: 'gift-card-request.schema.json', typeName: 'GiftCardRequest', close: true },
  { kind: 'gift-card-response', file: 'gift-card-response.schema.json', typeName: 'GiftCardResponse', close: true },
  { kind: 'error-info', file: 'error-info.schema.json', typeName: 'ErrorInfo', close: true },
  // The rest of the order lifecycle (platform to merchant); their schemas reuse order.schema.json's
  // definitions through `$ref`s, bundled in at build time (see bundle()).
  { kind: 'payment-request', file: 'payment-request.schema.json', typeName: 'PaymentRequest', close: true },
  { kind: 'status-update', file: 'status-update.schema.json', typeName: 'StatusUpdate', close: true },
  { kind: 'shipping-info', file: 'shipping-info.schema.json', typeName: 'ShippingInfo', close: true },
  { kind: 'refund', file: 'refund.schema.json', typeName: 'OrderRefund', close: true },
  { kind: 'documents', file: 'documents.schema.json', typeName: 'AdditionalDocuments', close: true },
  { kind: 'config', file: 'config.schema.json', typeName: 'ConfigFile', close: false },
  // A certification profile (xborder certify): data a platform may write, checked as written.
  { kind: 'profile', file: 'profile.schema.json', typeName: 'CertifyProfile', close: false },
];

const COMPOSITION = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', '$ref', 'dependentSchemas'];
const BRANCHES = ['allOf', 'anyOf', 'oneOf'];
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_SINGLE = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'];

/**
 * The most keywords (ajv's count, nested ones included) a `$ref`'d definition may have and still be
 * copied into every function that references it; a bigger one is compiled once, as its own function.
 * By default ajv copies every definition without `$ref`s: the order's four CustomerDetails copies made
 * its root function too big for V8's optimizing compiler (see tuneValidators).
 */
const INLINE_REF_KEYWORDS = 30;
/** The helper compactErrors calls: ajv's append of one error to vErrors, as a function. */
const ADD_ERROR = 'addError';
const ADD_ERROR_SOURCE = `function ${ADD_ERROR}(vErrors, error) { if (vErrors === null) return [error]; vErrors.push(error); return vErrors; }`;

const self = readFileSync(fileURLToPath(import.meta.url), 'utf8');
const ajvVersion = JSON.parse(readFileSync(join(root, 'node_modules/ajv/package.json'), 'utf8')).version;
const sources = KINDS.map((k) => {
  const path = join(schemaDir, k.file);
  return { ...k, text: existsSync(path) ? readFileSync(path, 'utf8') : undefined };
});

const hash = createHash('sha256').update(self).update(ajvVersion);
for (const s of sources) hash.update(`${s.kind}\0${s.text ?? '<missing>'}\0`);
const stamp = hash.digest('hex');
const stampFile = join(validatorDir, '.stamp');
const outputs = [
  join(validatorDir, 'index.js'),
  join(typesDir, 'index.ts'),
  ...KINDS.flatMap((k) => [join(validatorDir, `${k.kind}.js`), join(validatorDir, `${k.kind}.d.ts`), join(typesDir, `${k.kind}.ts`)]),
];
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && outputs.every((f) => existsSync(f))) {
  process.exit(0);
}

const { default: Ajv2020 } = await import('ajv/dist/2020.js');
const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
const { default: addFormats } = await import('ajv-formats');
const { inlineRef } = await import('ajv/dist/compile/resolve.js');
const codegen = await import('ajv/dist/compile/codegen/index.js');
const { compile: toTypeScript } = await import('json-schema-to-typescript');
const { _ } = codegen.default ?? codegen;

rmSync(validatorDir, { recursive: true, force: true });
rmSync(typesDir, { recursive: true, force: true });
mkdirSync(validatorDir, { recursive: true });
mkdirSync(typesDir, { recursive: true });

const problems = [];
for (const s of sources) {
  if (s.text === undefined) {
    process.stderr.write(`compile-schemas: schemas/${s.file} is missing; the ${s.kind} validator is a stub that reports it\n`);
    writeStub(s);
    continue;
  }
  let schema;
  try {
    schema = JSON.parse(s.text);
  } catch (error) {
    problems.push(`schemas/${s.file}: not valid JSON (${error.message})`);
    continue;
  }
  try {
    // Every later step (closing, the shape graph, ajv, the types) sees one self-contained schema.
    schema = validatorForm(bundle(schema, s.file));
    const compiled = s.close ? closeObjects(structuredClone(schema)) : structuredClone(schema);
    const meta = collectMeta(compiled);
    writeFileSync(join(validatorDir, `${s.kind}.js`), validatorModule(s, stripAnnotations(compiled), meta));
    writeFileSync(join(validatorDir, `${s.kind}.d.ts`), declarationFor(s.kind));
    writeFileSync(join(typesDir, `${s.kind}.ts`), await typesFor(s, schema));
  } catch (error) {
    problems.push(`schemas/${s.file}: ${error.message}`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`compile-schemas: ${problems.length} schema problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}

writeFileSync(
  join(validatorDir, 'index.js'),
  `// Generated by scripts/compile-schemas.mjs. Do not edit.\n` +
    KINDS.map((k) => `export * as ${camel(k.kind)} from './${k.kind}.js';`).join('\n') +
    '\n',
);
writeFileSync(
  join(validatorDir, 'index.d.ts'),
  `// Generated by scripts/compile-schemas.mjs. Do not edit.\n` +
    KINDS.map((k) => `export * as ${camel(k.kind)} from './${k.kind}.js';`).join('\n') +
    '\n',
);
writeFileSync(
  join(typesDir, 'index.ts'),
  `// Generated by scripts/compile-schemas.mjs from schemas/*.schema.json. Do not edit.\n` +
    KINDS.map((k) => `export type { ${k.typeName} } from './${k.kind}.js';\nexport type * as ${k.typeName}Types from './${k.kind}.js';`).join('\n') +
    '\n',
);
writeFileSync(stampFile, stamp);

/**
 * The schema with its `$ref`s into sibling schema files (`order.schema.json#/$defs/OrderDocument`,
 * or `order.schema.json` for a whole document) made local: each referenced definition is copied into
 * this schema's `$defs` (under its own name; a name this schema already uses for something else gets
 * the source file's title in front) with the `$ref`s inside it rewritten the same way, transitively.
 * The files stay standard JSON Schema (their `$id`s resolve the relative `$ref`s, as ajv does with
 * addSchema), while the compiled validator, the shape graph (which follows local `$ref`s only) and
 * the generated types see one self-contained schema. A schema without such `$ref`s comes back as is.
 */
function bundle(schema, file) {
  const external = (ref) => typeof ref === 'string' && !ref.startsWith('#');
  let found = false;
  visitRefs(schema, (node) => { if (external(node.$ref)) found = true; });
  if (!found) return schema;

  const out = structuredClone(schema);
  out.$defs ??= {};
  const own = new Set(Object.keys(out.$defs));
  const documents = new Map();
  const local = new Map(); // `${file}#${fragment}` -> local $ref
  const pending = [];
  const load = (name) => {
    if (!documents.has(name)) {
      const path = join(schemaDir, name);
      if (!existsSync(path)) throw new Error(`$ref to ${name}: no such file in schemas/`);
      documents.set(name, JSON.parse(readFileSync(path, 'utf8')));
    }
    return documents.get(name);
  };
  /** The local `$ref` standing for `fragment` of `source` (a file name), queueing its copy. */
  const localRef = (source, fragment) => {
    const key = `${source}#${fragment}`;
    if (local.has(key)) return local.get(key);
    const doc = load(source);
    let name;
    let target;
    if (fragment === '' || fragment === '/') {
      name = doc.title ?? source.replace(/\.schema\.json$/, '');
      target = doc;
    } else {
      const m = /^\/\$defs\/([^/]+)$/.exec(fragment);
      if (!m) throw new Error(`$ref ${key}: only a whole schema or one of its $defs can be referenced`);
      name = m[1];
      target = doc.$defs?.[name];
      if (!target) throw new Error(`$ref ${key}: ${source} has no $defs/${name}`);
    }
    if (own.has(name) || [...local.values()].includes(`#/$defs/${name}`)) name = `${doc.title ?? 'Other'}${name}`;
    if (own.has(name) || [...local.values()].includes(`#/$defs/${name}`)) throw new Error(`$ref ${key}: the name ${name} is taken in ${file}`);
    const ref = `#/$defs/${name}`;
    local.set(key, ref);
    pending.push({ source, name, target });
    return ref;
  };
  const rewrite = (node, source) =>
    visitRefs(node, (n) => {
      const [path, fragment = ''] = n.$ref.split('#');
      // A `#...` ref inside a copied definition points into the file it came from.
      const from = path === '' ? source : path;
      if (from === file) return;
      n.$ref = localRef(from, decodeURI(fragment));
    });
  rewrite(out, file);
  while (pending.length > 0) {
    const { source, name, target } = pending.shift();
    const copy = structuredClone(target);
    // A copied document is a definition now: its own $id would move the base of every $ref inside it.
    delete copy.$id;
    delete copy.$schema;
    // Its definitions come along one by one, as its `$ref`s reach them.
    delete copy.$defs;
    rewrite(copy, source);
    out.$defs[name] = copy;
  }
  return extendsDocument(out);
}

/**
 * A schema whose root is a `$ref` to another document plus `properties`/`required` extends that
 * document (payment-request: the Order with PaymentDetails mandatory). It is compiled as the document
 * itself with those properties replaced and the required names added: one object, closed once, so an
 * error or an unknown name inside a replaced property is reported once, not by both sides of the
 * `$ref`. Equivalent to the standard reading as long as each replacing property accepts no more than
 * the one it replaces, which is what extending means here. The document's own `#` refs (an order's
 * Subs) still name the document, bundled in `$defs`.
 */
function extendsDocument(schema) {
  if (typeof schema.$ref !== 'string' || !(schema.properties || schema.required)) return schema;
  const base = resolveLocal(schema, schema.$ref);
  if (!base || typeof base !== 'object' || !base.properties) return schema;
  const { $ref, properties, required, ...own } = schema;
  const merged = { ...structuredClone(base), ...own };
  merged.properties = { ...base.properties, ...properties };
  const names = [...new Set([...(base.required ?? []), ...(required ?? [])])];
  if (names.length > 0) merged.required = names;
  return merged;
}

/** Calls `fn(node)` for every subschema that has a string `$ref` (any keyword, any depth). */
function visitRefs(node, fn) {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  if (typeof node.$ref === 'string') fn(node);
  for (const [key, value] of Object.entries(node)) {
    if (SUBSCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      for (const sub of Object.values(value)) visitRefs(sub, fn);
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      for (const sub of value) visitRefs(sub, fn);
    } else if (SUBSCHEMA_SINGLE.includes(key)) {
      visitRefs(value, fn);
    }
  }
}

/** Compiles one schema to standalone ESM source exporting `validate` and `meta`. */
function validatorModule(s, compiled, meta) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: INLINE_REF_KEYWORDS,
    // The engine writes its own messages from keyword and params; ajv's strings only add bytes.
    messages: false,
    code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv);
  for (const keyword of annotationKeywords(compiled)) ajv.addKeyword({ keyword, schemaType: ['array', 'string', 'object', 'boolean', 'number'] });
  const validate = ajv.compile(compiled);
  tuneValidators(validate, compiled);
  const code = standaloneCode(ajv, validate).replace(/^"use strict";/, '');
  // ajv exports the root function up front; the body moves into a function that runs on first use,
  // so a process that loads every kind pays (parse and setup) only for the kinds it validates.
  const head = /^\s*export const validate = (\w+);\s*export default \1;/.exec(code);
  if (!head) throw new Error('unexpected ajv standalone output (no `export const validate = ...` header)');
  const body = code.slice(head[0].length);
  const needsRequire = /require\("/.test(body);
  return (
    `// Generated by scripts/compile-schemas.mjs from schemas/${s.file}. Do not edit.\n` +
    (needsRequire ? `import { createRequire as __createRequire } from 'node:module';\n` : '') +
    `let compiled;\n` +
    `function load() {\n` +
    (needsRequire ? `const require = __createRequire(import.meta.url);\n` : '') +
    (body.includes(`${ADD_ERROR}(`) ? `${ADD_ERROR_SOURCE}\n` : '') +
    `${body}\nreturn ${head[1]};\n}\n` +
    `/** The compiled validator; errors of the last call in validate.errors (as ajv's own). */\n` +
    `export function validate(data) {\n  compiled ??= load();\n  return compiled(data);\n}\n` +
    `Object.defineProperty(validate, 'errors', { get: () => (compiled ? compiled.errors : null) });\n` +
    `export default validate;\n` +
    `export const meta = ${JSON.stringify({ kind: s.kind, title: compiled.title ?? s.kind, missing: false, nodes: meta })};\n`
  );
}

/**
 * Rewrites ajv's generated functions (each one's `source.validateCode`, before standaloneCode joins
 * them) where they are slow on a valid document, keeping every call's result and `errors` (the same
 * objects, fields and order) as ajv's default output has them:
 * - V8 never optimizes a function of more than 60 KB of bytecode (--max-optimized-bytecode-size):
 *   the order's root function had 74 KB and ran 2.3x slower than optimized. Big definitions get
 *   their own function (INLINE_REF_KEYWORDS), and each error is appended by one call (compactErrors).
 *   Errors inside such a function carry the `$ref`'s path, as when they were inlined (prefixSchemaPaths).
 * - a closed object's names are tested by a `switch`, not by hasOwnProperty on the schema's
 *   `properties` (switchOverNames): the test runs for every key of every object.
 * test/schemas/compiled-validators.test.ts holds both promises: ajv's answers, V8's limit.
 */
function tuneValidators(root, schema) {
  const spellings = refSpellings(schema);
  for (const fn of compiledFunctions(root)) {
    const { source, schemaEnv } = fn;
    let code = source.validateCode;
    // ajv's default would have copied this definition into its callers, errors paths and all.
    if (fn !== root && inlineRef(schemaEnv.schema, true)) code = prefixSchemaPaths(code, refPrefix(schemaEnv, spellings));
    code = switchOverNames(code, source.scopeValues);
    code = compactErrors(code);
    source.validateCode = code;
  }
}

/** The root function and every function it calls, transitively (what standaloneCode emits). */
function compiledFunctions(root) {
  const found = new Set();
  const add = (fn) => {
    if (typeof fn !== 'function' || !fn.source || found.has(fn)) return;
    found.add(fn);
    for (const prefix of ['validate', 'root', 'wrapper']) {
      for (const name of fn.source.scopeValues[prefix] ?? []) {
        const ref = name.value?.ref;
        add(typeof ref === 'function' ? ref : ref?.validate);
      }
    }
  };
  add(root);
  return [...found];
}

/** Each subschema a `$ref` names -> the `$ref` strings naming it. */
function refSpellings(schema) {
  const spellings = new Map();
  visitRefs(schema, (node) => {
    const target = node.$ref === '#' ? schema : resolveLocal(schema, node.$ref);
    if (!target) return;
    if (!spellings.has(target)) spellings.set(target, new Set());
    spellings.get(target).add(node.$ref);
  });
  return spellings;
}

/** The `$ref` ajv would have put in front of an inlined definition's error paths (there is one). */
function refPrefix(schemaEnv, spellings) {
  const refs = [...(spellings.get(schemaEnv.schema) ?? [])];
  if (schemaEnv.schemaPath !== undefined) throw new Error('unexpected ajv output: a definition compiled with its own schemaPath');
  if (refs.length !== 1) {
    throw new Error(`a definition compiled on its own is named by ${refs.length === 0 ? 'no local $ref' : `several $refs (${refs.join(', ')})`}: its error paths would differ from ajv's inlined ones; spell its $refs one way`);
  }
  return refs[0];
}

/** Each `schemaPath:"#..."` of a function's errors, with `#` replaced by `prefix`. */
function prefixSchemaPaths(code, prefix) {
  const inLiteral = literalMask(code);
  let count = 0;
  const out = code.replace(/schemaPath:("(?:[^"\\]|\\.)*")/g, (whole, literal, at) => {
    if (inLiteral[at]) return whole;
    const path = JSON.parse(literal);
    if (!path.startsWith('#')) throw new Error(`unexpected ajv output: schemaPath ${literal}`);
    count++;
    return `schemaPath:${JSON.stringify(prefix + path.slice(1))}`;
  });
  if (count === 0) throw new Error('unexpected ajv output: a function without error paths');
  return out;
}

/**
 * `if(!(func1.call(schema9.properties, key0))){...}` (ajv's additionalProperties test beyond 8 names;
 * func1 is Object.prototype.hasOwnProperty) as `switch(key0){case "A":...break;default:{...}}`.
 * Same answer: for-in keys are strings, the names are the literal's own keys (`__proto__` excepted).
 */
function switchOverNames(code, scopeValues) {
  const values = (prefix) => new Map([...(scopeValues[prefix] ?? [])].map((n) => [n.str, n.value?.ref]));
  const funcs = values('func');
  const schemas = values('schema');
  const test = /if\(!\((func\d+)\.call\((schema\d+)\.properties, (key\d+)\)\)\)\{/g;
  const inLiteral = literalMask(code);
  let out = '';
  let last = 0;
  for (let m; (m = test.exec(code)); ) {
    if (inLiteral[m.index]) continue;
    const names = Object.keys(schemas.get(m[2])?.properties ?? {});
    if (funcs.get(m[1]) !== Object.prototype.hasOwnProperty || names.length === 0 || names.includes('__proto__')) continue;
    const open = m.index + m[0].length - 1;
    const close = closingBrace(code, open);
    // Inside the switch an unlabelled `break` would end the switch, not the loop around it.
    for (const b of code.slice(open, close).matchAll(/\bbreak\s*;/g)) {
      if (!inLiteral[open + b.index]) throw new Error(`compile-schemas: an unlabelled break in the additionalProperties block at ${open + b.index}; the switch rewrite would change its meaning`);
    }
    out += `${code.slice(last, m.index)}switch(${m[3]}){${names.map((n) => `case ${JSON.stringify(n)}:`).join('')}break;default:${code.slice(open, close)}}`;
    last = close;
    test.lastIndex = close;
  }
  return out + code.slice(last);
}

/**
 * `const err3 = {...};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;`
 * (ajv's append, hundreds of times in the order's root) as `vErrors = addError(vErrors, {...});errors++;`.
 */
function compactErrors(code) {
  const start = /const (err\d+) = \{/g;
  const inLiteral = literalMask(code);
  let out = '';
  let last = 0;
  for (let m; (m = start.exec(code)); ) {
    if (inLiteral[m.index]) continue;
    const open = m.index + m[0].length - 1;
    const close = closingBrace(code, open);
    const append = `;if(vErrors === null){vErrors = [${m[1]}];}else {vErrors.push(${m[1]});}errors++;`;
    if (!code.startsWith(append, close)) throw new Error(`unexpected ajv output: ${m[1]} is not appended to vErrors`);
    out += `${code.slice(last, m.index)}vErrors = ${ADD_ERROR}(vErrors, ${code.slice(open, close)});errors++;`;
    last = close + append.length;
    start.lastIndex = last;
  }
  return out + code.slice(last);
}

/** The index after the `}` closing the `{` at `open`, skipping string literals and comments. */
function closingBrace(code, open) {
  let depth = 0;
  for (let i = open; i < code.length; i = skipLiteral(code, i)) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error('unexpected ajv output: unbalanced braces');
}

/** For each index of `code`, 1 when it lies in a string literal or a comment. */
function literalMask(code) {
  const mask = new Uint8Array(code.length);
  for (let i = 0; i < code.length; ) {
    const next = skipLiteral(code, i);
    if (next > i + 1) mask.fill(1, i, next);
    i = next;
  }
  return mask;
}

/** The index after the token at `i`: a whole "string" or comment (all ajv emits), else one character. */
function skipLiteral(code, i) {
  let end = i + 1;
  if (code[i] === '"') {
    while (end < code.length && code[end] !== '"') end += code[end] === '\\' ? 2 : 1;
    end++;
  } else if (code.startsWith('/*', i)) {
    end = code.indexOf('*/', i + 2) + 2;
  }
  if (end <= i || end > code.length) throw new Error('unexpected ajv output: an unterminated string or comment');
  return end;
}

/** A stand-in for a schema that did not exist at build time: the engine reports it as `errored`. */
function writeStub(s) {
  writeFileSync(
    join(validatorDir, `${s.kind}.js`),
    `// Generated by scripts/compile-schemas.mjs: schemas/${s.file} did not exist at build time.\n` +
      `export const validate = Object.assign(() => true, { errors: null });\nexport default validate;\n` +
      `export const meta = ${JSON.stringify({ kind: s.kind, title: s.kind, missing: true, nodes: [{}] })};\n`,
  );
  writeFileSync(join(validatorDir, `${s.kind}.d.ts`), declarationFor(s.kind));
  writeFileSync(
    join(typesDir, `${s.kind}.ts`),
    `// Generated: schemas/${s.file} did not exist at build time.\nexport type ${s.typeName} = Record<string, unknown>;\n`,
  );
}

function declarationFor(kind) {
  return (
    `// Generated by scripts/compile-schemas.mjs. Do not edit.\n` +
    `import type { CompiledValidator, SchemaMeta } from '../compiled.js';\n` +
    `/** Compiled validator of the ${kind} schema. */\nexport declare const validate: CompiledValidator;\nexport default validate;\n` +
    `/** Where the ${kind} schema documents properties (for classifying unknown names). */\nexport declare const meta: SchemaMeta;\n`
  );
}

// ajv's standalone code `require`s its runtime helpers (ucs2length, equal, formats). The module is
// ESM, and ESM/CJS default-import interop differs between Node and bundlers, so the module keeps
// ajv's own `require` calls and gets a real `require` (createRequire) inside load().

/**
 * Drops what validation never reads (descriptions, examples, `x-` annotations, already collected
 * into the meta): ajv embeds the schema in its output, and a smaller module loads faster.
 */
function stripAnnotations(schema) {
  const title = schema.title;
  visit(schema, '#', (node) => {
    for (const key of Object.keys(node)) {
      if (key === 'description' || key === 'examples' || key === '$comment' || key === 'title' || key.startsWith('x-')) delete node[key];
    }
  });
  if (title !== undefined) schema.title = title;
  return schema;
}

/**
 * The schema as xborder's validators and types see it. A node marked `"x-judged-by": { "checks":
 * [...], "omit": [keywords] }` carries, for tools that read the shipped schemas and the OpenAPI
 * document (generators, mocks, validating proxies), a constraint that a named check judges better:
 * it decodes URL-encoded values first, reads the platform's tolerated forms, and says what is wrong
 * in one finding (ISO codes, e-mails and URLs, non-negative prices, paymentInstallments, Success
 * with its InternalOrderId). The validators leave those keywords out, so a value is never failed
 * twice and the schema check keeps today's verdicts; the definitions only they used go too, and
 * `validator` (when given) holds the keywords the validators check instead.
 */
function validatorForm(schema) {
  const out = structuredClone(schema);
  const before = namedRefs(out);
  visit(out, '#', (node) => {
    const judged = node['x-judged-by'];
    if (!judged || typeof judged !== 'object' || !Array.isArray(judged.omit)) return;
    for (const keyword of judged.omit) delete node[keyword];
    // What the validator keeps in their place (the shape an ISO code must have, `^[A-Z]{3}$`).
    if (judged.validator && typeof judged.validator === 'object') Object.assign(node, judged.validator);
  });
  // A definition only the omitted keywords named (the ISO code lists) would be compiled for nothing.
  const after = namedRefs(out);
  for (const name of Object.keys(out.$defs ?? {})) {
    const ref = `#/$defs/${name}`;
    if (before.has(ref) && !after.has(ref)) delete out.$defs[name];
  }
  if (out.$defs && Object.keys(out.$defs).length === 0) delete out.$defs;
  return out;
}

/** Every `$ref` a schema names. */
function namedRefs(schema) {
  const named = new Set();
  visitRefs(schema, (node) => named.add(node.$ref));
  return named;
}

/** `x-...` annotation keywords used in a schema (ajv's strict mode rejects unknown keywords). */
function annotationKeywords(schema) {
  const found = new Set();
  visit(schema, '#', (node) => {
    for (const key of Object.keys(node)) if (key.startsWith('x-')) found.add(key);
  });
  return [...found];
}

/**
 * Closes every object schema that declares `properties` and says nothing about extra ones. With a
 * composition keyword beside `properties`, `unevaluatedProperties` sees through it where
 * `additionalProperties` would reject the sibling branches' properties.
 */
function closeObjects(schema) {
  visit(schema, '#', (node) => {
    if (!node.properties || typeof node.properties !== 'object') return;
    if ('additionalProperties' in node || 'unevaluatedProperties' in node || 'patternProperties' in node) return;
    if (COMPOSITION.some((k) => k in node)) node.unevaluatedProperties = false;
    else node.additionalProperties = false;
  });
  return schema;
}

/**
 * The shape of the documents a schema describes, as a graph the engine walks along an error's
 * instancePath (ajv's schemaPath is relative to whichever function it compiled, so it cannot locate
 * a subschema reliably). Node 0 is the root. An object node lists its documented names, their
 * aliases (`x-aliases`: tolerated other names) and documented aliases (`x-documented-aliases`: other
 * names the interface document or real platform payloads use, documented as well) and
 * the node of each property; an array node its items' node. `$ref`s are followed (recursion becomes a
 * cycle in the graph); composition branches are merged. An object node also lists its required names.
 */
function collectMeta(schema) {
  const nodes = [];
  const ids = new Map();
  const nodeFor = (sub) => {
    if (!sub || typeof sub !== 'object') return undefined;
    // A bare `$ref` is its target (so recursion closes into a cycle); a `$ref` with siblings is its own node.
    const key = typeof sub.$ref === 'string' && Object.keys(sub).length === 1 ? deref(schema, sub) : sub;
    if (!key || typeof key !== 'object') return undefined;
    if (ids.has(key)) return ids.get(key);
    const id = nodes.length;
    ids.set(key, id);
    const target = deref(schema, sub);
    const node = {};
    nodes.push(node);
    const members = [target, ...BRANCHES.flatMap((k) => (Array.isArray(target[k]) ? target[k] : []))].map((m) => deref(schema, m)).filter(Boolean);
    for (const member of members) {
      for (const name of Array.isArray(member.required) ? member.required : []) if (!(node.required ??= []).includes(name)) node.required.push(name);
      for (const [name, propSchema] of Object.entries(member.properties ?? {})) {
        (node.props ??= []).push(name);
        for (const alias of propSchema?.['x-aliases'] ?? []) (node.aliases ??= {})[alias] = name;
        for (const other of propSchema?.['x-documented-aliases'] ?? []) (node.documentedAliases ??= {})[other] = name;
        const child = nodeFor(propSchema);
        if (child !== undefined) (node.children ??= {})[name] = child;
      }
      if (member.items && typeof member.items === 'object') {
        const items = nodeFor(member.items);
        if (items !== undefined) node.items = items;
      }
    }
    if (members.some(isOpen)) node.open = true;
    return id;
  };
  nodeFor(schema);
  // Scalars lead nowhere: drop their nodes and renumber the rest (the root stays 0).
  const keep = nodes.map((n, i) => i === 0 || n.props !== undefined || n.items !== undefined || n.open === true);
  const renumber = [];
  let next = 0;
  keep.forEach((k, i) => { if (k) renumber[i] = next++; });
  const compact = [];
  nodes.forEach((n, i) => {
    if (!keep[i]) return;
    const out = { ...n };
    if (n.children) {
      out.children = Object.fromEntries(Object.entries(n.children).filter(([, c]) => keep[c]).map(([name, c]) => [name, renumber[c]]));
      if (Object.keys(out.children).length === 0) delete out.children;
    }
    if (n.items !== undefined) {
      if (keep[n.items]) out.items = renumber[n.items];
      else delete out.items;
    }
    compact.push(out);
  });
  return compact;
}

/**
 * True when a schema lets a value hold content the graph does not describe: an object that allows
 * extra properties (a map, or no `properties` at all), an array without `items`, or no type at all.
 * Walkers must treat such a value generically.
 */
function isOpen(schema) {
  const types = schema.type === undefined ? undefined : [].concat(schema.type);
  const objectish = types === undefined || types.includes('object');
  const arrayish = types === undefined || types.includes('array');
  if (types === undefined && (schema.enum || schema.const !== undefined || schema.$ref)) return false;
  // A pure combinator (`anyOf: [{$ref}, {type: null}]`) is as open as its branches, judged separately.
  if (types === undefined && !schema.properties && !('additionalProperties' in schema) && BRANCHES.some((k) => Array.isArray(schema[k]))) return false;
  if (objectish && (schema.additionalProperties !== false && schema.unevaluatedProperties !== false)) return true;
  if (objectish && schema.patternProperties) return true;
  if (arrayish && types !== undefined && !schema.items && !schema.prefixItems) return true;
  return false;
}

/** A subschema with local `$ref`s followed (a `$ref` with siblings keeps the siblings' view merged). */
function deref(root, sub) {
  let node = sub;
  for (let i = 0; i < 16 && node && typeof node === 'object' && typeof node.$ref === 'string'; i++) {
    const target = resolveLocal(root, node.$ref);
    if (!target) break;
    node =
      Object.keys(node).length === 1
        ? target
        : {
            ...target,
            ...node,
            $ref: undefined,
            properties: { ...target.properties, ...node.properties },
            // Both apply: what the target requires and what the siblings add.
            ...(target.required || node.required ? { required: [...new Set([...(target.required ?? []), ...(node.required ?? [])])] } : {}),
          };
  }
  return node;
}

function resolveLocal(schema, ref) {
  if (!ref.startsWith('#')) return undefined;
  return ref
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), schema);
}

/** Calls `fn(node, pointer)` for every subschema, pointers in ajv's schemaPath form. */
function visit(node, pointer, fn) {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  fn(node, pointer);
  const esc = (k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
  for (const key of SUBSCHEMA_MAPS) {
    if (node[key] && typeof node[key] === 'object') {
      for (const [name, sub] of Object.entries(node[key])) visit(sub, `${pointer}/${key}/${esc(name)}`, fn);
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(node[key])) node[key].forEach((sub, i) => visit(sub, `${pointer}/${key}/${i}`, fn));
  }
  for (const key of SUBSCHEMA_SINGLE) visit(node[key], `${pointer}/${key}`, fn);
}

/** TypeScript types of one schema, derived with json-schema-to-typescript. */
async function typesFor(s, schema) {
  const input = structuredClone(schema);
  input.title = s.typeName;
  delete input.$id;
  const ts = await toTypeScript(input, s.typeName, {
    bannerComment: `// Generated by scripts/compile-schemas.mjs from schemas/${s.file}. Do not edit.`,
    format: false,
    unknownAny: true,
    additionalProperties: true,
    declareExternallyReferenced: true,
    cwd: dirname(join(schemaDir, s.file)),
  });
  return ts;
}

function camel(kind) {
  return kind.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
}

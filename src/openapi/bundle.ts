/**
 * The shipped JSON Schemas as OpenAPI components: each schema under its title (`Order`,
 * `CheckoutCartInfo`...), each of its `$defs` beside it as `<Title>_<Name>` (the ISO code lists
 * every file shares once, as `IsoCurrencyCode` and `IsoCountryCode`), every `$ref` (within a
 * schema, or to another shipped file) rewritten to point into `#/components/schemas`; the ISO code
 * lists every file shares are one component each. OpenAPI 3.1
 * takes JSON Schema 2020-12 as it is, so nothing else changes: a generator or a validator reads the
 * same rules `xborder validate` applies.
 */
import { loadKindSchema } from '../samples/schema-path.js';

type Schema = Record<string, unknown>;

/**
 * Definitions every schema file carries the same copy of (the ISO code lists, kept equal to the
 * iso-codes check's by a test): one component each, under their own name, not one per kind.
 */
const SHARED_DEFS = new Set(['IsoCurrencyCode', 'IsoCountryCode']);

/** The shipped schema files bundled, by file name (without `.schema.json`). */
export const BUNDLED_KINDS = ['order', 'cart', 'order-response', 'payment-request', 'status-update', 'shipping-info', 'refund', 'documents', 'error-info'] as const;

/** The component name of a shipped kind: its schema's title. */
export function componentName(kind: string): string {
  const schema = loadKindSchema(kind) as Schema | undefined;
  if (!schema || typeof schema.title !== 'string') throw new Error(`schemas/${kind}.schema.json has no title`);
  return schema.title;
}

/** `value` with every `$ref` pointing into the components; `own` is the kind it belongs to. */
function rewrite(value: unknown, own: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, own));
  if (!value || typeof value !== 'object') return value;
  const out: Schema = {};
  for (const [key, v] of Object.entries(value as Schema)) {
    if (key === '$ref' && typeof v === 'string') out.$ref = target(v, own);
    else if (key === '$schema' || key === '$id' || key === '$defs') continue;
    else out[key] = rewrite(v, own);
  }
  // A generator of the older drafts (json-schema-faker 0.5, behind Prism's dynamic mock) reads
  // exclusiveMinimum as a flag beside minimum and ignores a number alone, so it drew OrderedQuantity
  // -8324773: the same bound as a minimum (implied by it) is one it reads.
  if (typeof out.exclusiveMinimum === 'number' && out.minimum === undefined) out.minimum = out.exclusiveMinimum;
  return out;
}

/** The component a shipped `$ref` names. */
function target(ref: string, own: string): string {
  const [file, pointer = ''] = ref.split('#');
  const kind = file ? file.replace(/\.schema\.json$/, '') : own;
  const name = componentName(kind);
  const def = /^\/\$defs\/(.+)$/.exec(pointer);
  if (def && SHARED_DEFS.has(def[1]!)) return `#/components/schemas/${def[1]}`;
  if (def) return `#/components/schemas/${name}_${def[1]}`;
  if (pointer === '' || pointer === '/') return `#/components/schemas/${name}`;
  throw new Error(`a $ref the bundler does not know how to place: ${ref}`);
}

/** Every shipped schema and its definitions, as `components.schemas`. */
export function bundledSchemas(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const kind of BUNDLED_KINDS) {
    const schema = loadKindSchema(kind) as Schema;
    const name = componentName(kind);
    schemas[name] = rewrite(schema, kind);
    for (const [def, body] of Object.entries((schema.$defs as Schema | undefined) ?? {})) schemas[SHARED_DEFS.has(def) ? def : `${name}_${def}`] = rewrite(body, kind);
  }
  return schemas;
}

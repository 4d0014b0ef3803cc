/**
 * The shape of the modules scripts/compile-schemas.mjs generates under src/validation/generated/:
 * an ajv standalone validator plus what the engine needs to know about the schema's objects.
 */

/** One error as ajv's compiled code reports it (ajv's ErrorObject, restated so no one imports ajv). */
export interface AjvError {
  keyword: string;
  /** JSON pointer into the data. */
  instancePath: string;
  /** Location of the failing keyword in the compiled schema, e.g. `#/$defs/Product/additionalProperties`. */
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An ajv standalone validator: returns whether `data` conforms; the errors of the last call in `errors`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

/**
 * One node of a schema's shape graph: an object lists its documented names, their aliases and the
 * node of each property that leads further; an array names the node of its items.
 */
export interface ShapeNode {
  props?: string[];
  /** Documented names the object requires. */
  required?: string[];
  /** Tolerated alias -> documented property name (`x-aliases`): a lenient form. */
  aliases?: Record<string, string>;
  /**
   * Documented alias -> documented property name (`x-documented-aliases`): another name the interface
   * document or real platform payloads use for the property (OTVoucherCurrencyCode for OTCurrencyCode).
   * Documented too: it passes --strict, reported as info.
   */
  documentedAliases?: Record<string, string>;
  children?: Record<string, number>;
  items?: number;
  /** The value may hold content this graph does not describe (a map, an untyped value): walk it generically. */
  open?: boolean;
}

/** Build-time facts about one compiled schema. */
export interface SchemaMeta {
  kind: string;
  title: string;
  /** True when the schema file did not exist at build time (the validator is a stub). */
  missing: boolean;
  /** The shape graph; node 0 is the document root. Walked along an error's instancePath. */
  nodes: ShapeNode[];
}

/** What a named payload rule is: a pure check beyond the schema, with a public id. */
import type { Finding } from '../model.js';
import type { ShapeNode } from '../validation/compiled.js';

/**
 * One rule: `check` reads a document (already normalised by the schema step: documented names,
 * documented types where a tolerated form was sent) and returns findings, JSON pointers into it.
 * Rules are defensive: a document that fails its schema may hold anything anywhere.
 */
export interface PayloadRule {
  /** Public check id in tables, JSON and JUnit. */
  id: string;
  /** Short title for tables. */
  title: string;
  check(doc: unknown, context?: RuleContext): Finding[];
}

/** Per-validation scratch space: lets rules share work done on the same document in one call. */
export interface RuleContext {
  memo: Map<string, unknown>;
  /**
   * The schema's shape graph (the document is then normalised: documented names): walking it visits
   * the documented properties and skips undocumented ones, whose values the interface does not define.
   */
  shape?: readonly ShapeNode[];
}

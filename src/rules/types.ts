/** What a named payload rule is: a pure check beyond the schema, with a public id. */
import type { Finding } from '../model.js';

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
  check(doc: unknown): Finding[];
}

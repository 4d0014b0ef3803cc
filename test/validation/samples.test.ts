/** Every shipped sample is a conforming payload: no failure, no warning, in strict mode too. */
import { describe, expect, it } from 'vitest';
import { validatePayload, type PayloadKind } from '../../src/validation/index.js';
import { compiledSchema } from '../../src/validation/registry.js';
import type { ShapeNode } from '../../src/validation/compiled.js';
import { sample, sampleIndex } from './fixtures.js';

describe('samples/index.json', () => {
  it.each(sampleIndex().map((e) => [e.name, e.kind, e.file]))('%s validates as %s with no failure and no warning', (_name, kind, file) => {
    const checks = validatePayload(kind as PayloadKind, sample(file), { strict: true });
    const notPassed = checks.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, status: c.status, findings: c.findings }));
    expect(notPassed).toEqual([]);
    // No undocumented property either: the samples are the reference payloads.
    expect(checks.find((c) => c.id === 'unknown-properties')?.findings).toEqual([]);
  });
});

/** Adds every documented optional property a record of `doc` lacks, as an explicit null. */
function withEveryNull(doc: unknown, nodes: readonly ShapeNode[], node = 0): void {
  const shape = nodes[node];
  if (!shape || doc === null || typeof doc !== 'object') return;
  if (Array.isArray(doc)) {
    if (shape.items !== undefined) for (const item of doc) withEveryNull(item, nodes, shape.items);
    return;
  }
  const record = doc as Record<string, unknown>;
  const aliasOf = shape.aliases ?? {};
  for (const name of shape.props ?? []) {
    const sentAsAlias = Object.keys(aliasOf).some((alias) => aliasOf[alias] === name && alias in record);
    if (!(name in record) && !sentAsAlias && !(shape.required ?? []).includes(name)) record[name] = null;
    if (shape.children?.[name] !== undefined) withEveryNull(record[name], nodes, shape.children[name]);
  }
}

describe('explicit null wherever optional', () => {
  it.each(sampleIndex().map((e) => [e.name, e.kind, e.file]))('%s with every absent optional property sent as null still passes strictly', (_name, kind, file) => {
    const doc = sample(file);
    withEveryNull(doc, compiledSchema(kind as PayloadKind).meta.nodes);
    const notPassed = validatePayload(kind as PayloadKind, doc, { strict: true }).filter((c) => c.status !== 'passed');
    expect(notPassed).toEqual([]);
  });
});

/** Every shipped sample is a conforming payload: no failure, no warning, in strict mode too. */
import { describe, expect, it } from 'vitest';
import { validatePayload, type PayloadKind } from '../../src/validation/index.js';
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

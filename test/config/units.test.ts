import { describe, expect, it } from 'vitest';
import { parseCount, parseDurationMs, parseSizeBytes } from '../../src/config/units.js';
import { interpolateEnv } from '../../src/config/interpolate.js';

describe('units', () => {
  it('parses durations', () => {
    expect(parseDurationMs('1500')).toBe(1500);
    expect(parseDurationMs('30s')).toBe(30_000);
    expect(parseDurationMs('5m')).toBe(300_000);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('soon')).toBeUndefined();
    expect(parseDurationMs('-1')).toBeUndefined();
  });
  it('parses sizes', () => {
    expect(parseSizeBytes('1024')).toBe(1024);
    expect(parseSizeBytes('512k')).toBe(512 * 1024);
    expect(parseSizeBytes('10MiB')).toBe(10 * 1024 * 1024);
    expect(parseSizeBytes('0')).toBeUndefined();
    expect(parseSizeBytes('lots')).toBeUndefined();
  });
  it('parses counts', () => {
    expect(parseCount('3')).toBe(3);
    expect(parseCount('-1')).toBeUndefined();
    expect(parseCount('1.5')).toBeUndefined();
  });
});

describe('interpolateEnv', () => {
  it('replaces references deeply without touching the input', () => {
    const input = { a: 'x-${A}-${B}', list: ['${A}'], n: 3 };
    const copy = structuredClone(input);
    const result = interpolateEnv(input, { A: '1', B: '2' });
    expect(result.value).toEqual({ a: 'x-1-2', list: ['1'], n: 3 });
    expect(result.problems).toEqual([]);
    expect(input).toEqual(copy);
  });
  it('names each missing variable with its JSON pointer', () => {
    const result = interpolateEnv({ auth: [{ value: '${MISSING}' }] }, {});
    expect(result.problems).toEqual(['/auth/0/value: environment variable MISSING is not set (referenced as ${MISSING})']);
  });
});

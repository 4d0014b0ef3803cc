/** One-line text of a finding, shared by the table, JUnit and error output. */
import type { Finding } from '../model.js';

/** Compact rendering of an expected/actual value. */
export function showValue(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "path: message (expected X, received Y)"; the root pointer "" reads as "(root)". */
export function describeFinding(f: Finding): string {
  const parts = [f.path === undefined ? f.message : `${f.path === '' ? '(root)' : f.path}: ${f.message}`];
  const ev: string[] = [];
  if (f.expected !== undefined) ev.push(`expected ${showValue(f.expected)}`);
  if (f.actual !== undefined) ev.push(`received ${showValue(f.actual)}`);
  if (ev.length) parts.push(`(${ev.join(', ')})`);
  return parts.join(' ');
}

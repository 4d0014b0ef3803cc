/** One-line text of a finding, shared by the table, JUnit and error output. */
import type { CheckStatus, Finding } from '../model.js';

/** Compact rendering of an expected/actual value. */
export function showValue(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * How the merchant spelled the properties it sent in another form (`InternalOrderID` for
 * `InternalOrderId`), by the interface's pointer: `/ResponseInfo/InternalOrderId` ->
 * `/ResponseInfo/InternalOrderID`. Learnt from the lenient findings, which point at the received name
 * and expect the documented one.
 */
export type Spellings = Map<string, string>;

/** The spellings the lenient (rename) findings of `findings` know. */
export function spellingsOf(findings: Iterable<Finding>): Spellings {
  const spellings: Spellings = new Map();
  for (const f of findings) {
    const renamed = renameOf(f);
    if (renamed) spellings.set(renamed.documented, renamed.received);
  }
  return spellings;
}

/**
 * A finding about a property sent under another name: its pointer ends with the received name and
 * it expects the documented one (a casing or an alias).
 */
function renameOf(f: Finding): { documented: string; received: string } | undefined {
  if (typeof f.expected !== 'string' || typeof f.actual !== 'string' || f.path === undefined) return undefined;
  const slash = f.path.lastIndexOf('/');
  if (slash < 0 || f.expected === f.actual || !/^[A-Za-z_][\w.-]*$/.test(f.expected)) return undefined;
  if (unescapeToken(f.path.slice(slash + 1)) !== f.actual) return undefined;
  return { documented: `${f.path.slice(0, slash)}/${escapeToken(f.expected)}`, received: f.path };
}

function escapeToken(t: string): string {
  return t.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeToken(t: string): string {
  return t.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The pointer as a person reads it: the interface's name, and the merchant's own spelling beside it
 * when it sent another (`/ResponseInfo/InternalOrderId (sent as InternalOrderID)`). A pointer below
 * a renamed property names the property in the interface's spelling too.
 */
function shownPath(path: string, spellings: Spellings | undefined): string {
  if (path === '') return '(root)';
  if (!spellings || spellings.size === 0) return path;
  // The received spelling -> the documented one, for pointers that follow what was received.
  for (const [documented, received] of spellings) {
    const name = (p: string) => unescapeToken(p.slice(p.lastIndexOf('/') + 1));
    if (path === received || path === documented) return `${documented} (sent as ${name(received)})`;
    if (path.startsWith(`${received}/`)) return `${documented}${path.slice(received.length)} (${name(documented)} sent as ${name(received)})`;
    if (path.startsWith(`${documented}/`)) return `${path} (${name(documented)} sent as ${name(received)})`;
  }
  return path;
}

/**
 * "path: message (expected X, received Y)"; the root pointer "" reads as "(root)". With the case's
 * `spellings`, a property the merchant spelled its own way is named both ways, and a rename finding
 * says it once (its expected and received are the two names already shown).
 */
export function describeFinding(f: Finding, spellings?: Spellings): string {
  const rename = spellings && renameOf(f);
  const parts = [f.path === undefined ? f.message : `${shownPath(f.path, spellings)}: ${f.message}`];
  const ev: string[] = [];
  if (!rename && f.expected !== undefined) ev.push(`expected ${showValue(f.expected)}`);
  if (!rename && f.actual !== undefined) ev.push(`received ${showValue(f.actual)}`);
  if (ev.length) parts.push(`(${ev.join(', ')})`);
  return parts.join(' ');
}

/**
 * The label a finding carries in failure details: `FAIL` for what fails its check, `warn` for a
 * warning, `info` for a note; `ERROR` when the check could not judge.
 */
export function findingLabel(f: Finding, status: CheckStatus): 'FAIL' | 'warn' | 'info' | 'ERROR' {
  if (f.severity === 'info') return 'info';
  if (f.severity === 'warning') return 'warn';
  if (status === 'failed') return 'FAIL';
  if (status === 'errored') return 'ERROR';
  return status === 'warning' ? 'warn' : 'info';
}

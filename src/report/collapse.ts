/**
 * Identical outcomes collapse: when many cases fail, error or skip for one cause (every request
 * refused by the connection, every order answered 404), the table shows one row with the count and
 * the cases affected, and the details show one case for all of them. A cause is the check, its
 * status and its finding, with what differs from case to case (order ids, cart tokens) set aside.
 */
import type { CaseResult, CheckStatus } from '../model.js';
import { caseName } from './case-name.js';

/** One table row, before it is drawn. */
export interface Row {
  /** The case as the table names it (with its cart label). */
  variant: string;
  /** The case's own variant, for lists of many cases. */
  short: string;
  check: string;
  authMode: string;
  status: CheckStatus;
  detail: string;
  time: string;
}

/** From this many rows (or cases) on, one cause is shown once. */
export const COLLAPSE_AT = 2;
/** Case names listed in a collapsed row before "+N more". */
const NAMES_SHOWN = 4;

/** The cause of a finding text: order ids, 32-hex tokens and timings do not make a new cause. */
export function causeOf(text: string): string {
  return text
    .replace(/\bGE\d{6,}[A-Z]{2}\b/g, 'GE…')
    .replace(/\b[0-9a-f]{32}\b/gi, '…')
    .replace(/\b\d+ ms\b/g, '… ms');
}

/**
 * The rows with each cause of 2 or more non-passed rows folded into one, where its first row stood.
 * A cause is a status and a finding: follow-ups skipped for one reason fold together even though
 * their checks differ (the row lists them).
 */
export function collapseRows(rows: Row[], configuredModes?: readonly string[]): Row[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.status === 'passed') continue;
    const key = `${row.status}\u0000${causeOf(row.detail)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const out: Row[] = [];
  const emitted = new Set<string>();
  for (const row of rows) {
    const key = `${row.status}\u0000${causeOf(row.detail)}`;
    const group = row.status === 'passed' ? undefined : groups.get(key);
    if (!group || group.length < COLLAPSE_AT) {
      out.push(row);
      continue;
    }
    if (emitted.has(key)) continue;
    emitted.add(key);
    const names = group.map((r) => (modesOf(group).length === 1 ? r.short : `${r.short} [${r.authMode}]`));
    const listed = names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')}, +${names.length - NAMES_SHOWN} more` : names.join(', ');
    const modes = modesOf(group);
    out.push({
      variant: `${group.length} cases`,
      short: `${group.length} cases`,
      check: [...new Set(group.map((r) => r.check))].join(', '),
      authMode: modes.length === 1 ? modes[0]! : modeCount(modes, configuredModes),
      status: row.status,
      detail: `${row.detail}${row.detail ? ' ' : ''}(cases: ${listed})`,
      time: '',
    });
  }
  return out;
}

/**
 * "2 modes": the auth modes the rows span, counted as configured. A negative case sent without
 * credentials runs as `none`, which is no mode of a merchant that did not configure it.
 */
function modeCount(modes: string[], configured: readonly string[] | undefined): string {
  const counted = configured ? modes.filter((m) => configured.includes(m)).length : modes.length;
  const n = counted || modes.length;
  return `${n} mode${n === 1 ? '' : 's'}`;
}

function modesOf(rows: Row[]): string[] {
  return [...new Set(rows.map((r) => r.authMode))];
}

/** A case and the others that failed or errored for exactly the same causes. */
export interface CaseGroup {
  first: CaseResult;
  others: CaseResult[];
}

/** Groups cases whose non-passed checks say the same things; groups under 3 are split back into one each (a detail block is long). */
export function groupCases(cases: CaseResult[]): CaseGroup[] {
  const groups = new Map<string, CaseResult[]>();
  for (const c of cases) {
    const key = c.checks
      .filter((k) => k.status !== 'passed')
      .map((k) => `${k.id}:${k.status}:${causeOf(k.findings[0]?.message ?? '')}`)
      .join('|');
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const out: CaseGroup[] = [];
  for (const group of groups.values()) {
    if (group.length >= 3) out.push({ first: group[0]!, others: group.slice(1) });
    else for (const c of group) out.push({ first: c, others: [] });
  }
  // Keep the report's case order.
  const order = new Map(cases.map((c, i) => [c, i]));
  return out.sort((a, b) => order.get(a.first)! - order.get(b.first)!);
}

/** `order-full [header]`: how a case is listed among others. */
export function listedName(c: CaseResult): string {
  return `${caseName(c)} [${c.authMode}]`;
}

/**
 * `--quiet` shows no skipped rows; one line says how many checks were skipped and why, grouped by
 * reason: "12 checks skipped: 8 need real carts (merchant.carts or merchant.newCart), 4 depend on a
 * case that did not pass". Pure: the cases in, the line out.
 */
import type { CaseResult } from '../model.js';

/** Reasons a skip gives, from its first finding, and how the line counts them (first match wins). */
const REASONS: [RegExp, string][] = [
  [/^not (sent|judged): \S+ auth refused/, 'were not sent: their credentials were refused (see the top)'],
  [/^not run: no cart for it: .* is not allowed/, 'need carts from merchant.newCart.command, not allowed (xborder allow)'],
  [/merchant\.carts|merchant\.newCart/, 'need real carts (merchant.carts or merchant.newCart)'],
  [/not accepted|was not|were not|no accepted|did not pass/, 'depend on a case that did not pass'],
  [/deniedLocalAddress|\bip\b/, 'need an address the merchant denies (ip deniedLocalAddress)'],
  [/"none"|auth mode none|none is configured|no credentials/, 'prove nothing when auth lists "none"'],
];

/** The line, or undefined when no check was skipped. */
export function skipLine(cases: CaseResult[]): string | undefined {
  const counts = new Map<string, number>();
  let total = 0;
  for (const c of cases) {
    for (const check of c.checks) {
      if (check.status !== 'skipped') continue;
      total++;
      const why = reasonOf(check.findings[0]?.message ?? '');
      counts.set(why, (counts.get(why) ?? 0) + 1);
    }
  }
  if (total === 0) return undefined;
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([why, n]) => `${n} ${why}`);
  return `${total} check${total === 1 ? '' : 's'} skipped: ${parts.join(', ')}`;
}

/** A known reason's words, else the skip's own first clause (cut short: it is one line). */
function reasonOf(message: string): string {
  for (const [pattern, words] of REASONS) if (pattern.test(message)) return words;
  const clause = message.split(/[:;(]/)[0]!.trim();
  if (!clause) return 'without a reason given';
  return clause.length > 60 ? `${clause.slice(0, 59)}…` : clause;
}

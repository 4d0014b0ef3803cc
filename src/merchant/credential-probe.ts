/**
 * Credentials refused: the first positive case of each auth mode (the cart GET, or the first order
 * when the run has no cart case) runs in a phase of its own before everything else. When the merchant
 * answers it 401 or 403, the mode's credentials are wrong (a typo in XB_HEADER_KEY, a rotated
 * password), and its other positive cases would only repeat that refusal as twenty failures: they are
 * not sent, and are reported skipped with the one reason. The negative auth cases (missing and wrong
 * credentials must be refused) still run: they do not depend on the configured credentials working.
 */
import type { AuthConfig, CaseResult, XborderConfig } from '../model.js';
import type { Task } from '../engine/run-plan.js';
import { unsentCases } from './unsent-cases.js';

/** Runs before every other phase of the plan (whose lowest is 0). */
export const PROBE_PHASE = -1;

/** Added to the phase of a mode's tasks that share their order probe's phase: they start once it is done. */
const AFTER_PROBE = 0.5;

/** Statuses that say "these credentials are not accepted" (a 404 or 500 says something else). */
const REFUSED = new Set([401, 403]);

/** What was learned from a mode's probe. */
interface Verdict {
  mode: string;
  /** The line said once at the top of the report. */
  line: string;
}

/**
 * Collects the probes' verdicts of one run: `merchantPlan` wires the tasks through it, the command
 * reads `refusals()` for the top of the report.
 */
export class CredentialProbes {
  private readonly verdicts = new Map<string, Verdict>();

  constructor(private readonly config: XborderConfig) {}

  /** One line per mode whose credentials were refused, in the order the probes came back. */
  refusals(): string[] {
    return [...this.verdicts.values()].map((v) => v.line);
  }

  /**
   * Rewires `tasks` (the positive tasks of `auth`, in plan order; the first one reading the cart with
   * GET when there is one): the probe records its answer, and each other task checks that answer
   * before it sends anything. A cart probe moves to PROBE_PHASE (reading the cart changes nothing).
   * An order probe keeps its phase, which comes after the negatives that need the one configured cart
   * (configured-cart.ts lends it in plan order), and the mode's other tasks of that phase wait for it
   * in a phase just after. A mode with a single positive task has nothing to spare.
   */
  wire(auth: AuthConfig, tasks: Task[]): void {
    if (tasks.length < 2) return;
    const cart = tasks.find((t) => t.keys?.[0]?.startsWith('GetCheckoutCartInfo|GET|')) ?? tasks.find((t) => t.keys?.[0]?.startsWith('GetCheckoutCartInfo|'));
    const probe = cart ?? tasks[0]!;
    const probeRun = probe.run;
    if (cart) probe.phase = PROBE_PHASE;
    else for (const task of tasks) if (task !== probe && (task.phase ?? 0) === (probe.phase ?? 0)) task.phase = (task.phase ?? 0) + AFTER_PROBE;
    probe.run = async () => {
      const outcome = await probeRun();
      return this.record(auth, probe, Array.isArray(outcome) ? outcome : [outcome]);
    };
    for (const task of tasks) {
      if (task === probe) continue;
      const run = task.run;
      task.run = async () => {
        const verdict = this.verdicts.get(auth.mode);
        return verdict ? unsentCases(this.config, task, { status: 'skipped', message: `not sent: ${verdict.line}` }) : run();
      };
    }
  }

  /**
   * The negatives still run, but those that lean on the first mode's credentials (the carts fetched
   * for negative orders, another merchant's GUID sent with valid credentials) prove nothing once
   * those are refused: a 401 there is the same refusal again, not the merchant's verdict on the case.
   * Their cases are reported skipped with the reason (the auth-enforced cases stay as judged).
   */
  wireNegatives(tasks: Task[]): void {
    for (const task of tasks) {
      const run = task.run;
      task.run = async () => {
        const outcome = await run();
        const cases = Array.isArray(outcome) ? outcome : [outcome];
        return cases.map((c) => this.unjudged(c));
      };
    }
  }

  private unjudged(c: CaseResult): CaseResult {
    const verdict = this.verdicts.get(c.authMode);
    const leans = (c.endpoint === 'GetCheckoutCartInfo' && c.variant.startsWith('for ')) || c.checks.some((k) => k.id === 'guid-enforced');
    if (!verdict || !leans || !c.checks.some((k) => k.status === 'failed' || k.status === 'passed')) return c;
    const id = c.checks.find((k) => k.id === 'guid-enforced')?.id ?? 'status-200';
    const { curl: _curl, reproduce: _reproduce, responseBody: _body, requestBody: _request, responseHeaders: _headers, ...kept } = c;
    return { ...kept, checks: [{ id, status: 'skipped', findings: [{ severity: 'info', message: `not judged: ${verdict.line}` }] }] };
  }

  /**
   * Learns the mode's verdict from its probe's answer. A refusal is no verdict on the merchant (the
   * credentials given may be stale): the probe's status-200 is reported errored, "not judged", so
   * refused credentials alone never make a run exit 1.
   */
  private record(auth: AuthConfig, probe: Task, cases: CaseResult[]): CaseResult[] {
    const key = probe.keys?.[0];
    const answered = cases.find((c) => `${c.endpoint}|${c.variant}|${c.authMode}` === key) ?? cases[0];
    const status = answered?.response?.status;
    if (answered === undefined || status === undefined || !REFUSED.has(status)) return cases;
    const where = answered.endpoint === 'GetCheckoutCartInfo' ? `the cart ${answered.variant}` : `the first order (${answered.variant})`;
    const line = `${auth.mode} auth refused on ${where} (${status}): ${whatToCheck(this.config, auth)}`;
    this.verdicts.set(auth.mode, { mode: auth.mode, line });
    const notJudged = { id: 'status-200', status: 'errored' as const, findings: [{ message: `not judged: the merchant refused these credentials (${status}): ${whatToCheck(this.config, auth)}`, expected: 'HTTP 200 with the configured credentials', actual: String(status) }] };
    return cases.map((c) => (c === answered ? { ...c, checks: c.checks.map((k) => (k.id === 'status-200' && k.status === 'failed' ? notJudged : k)) } : c));
  }

  /** True when the merchant refused the credentials of every one of `modes`. */
  refusedAll(modes: readonly AuthConfig[]): boolean {
    return modes.length > 0 && modes.every((m) => this.verdicts.has(m.mode));
  }
}

/**
 * What the person should look at: the environment variable the configuration's `${VAR}` took the
 * credential from, else where in the configuration it is written. Never the value itself.
 */
export function whatToCheck(config: XborderConfig, auth: AuthConfig): string {
  const byValue = new Map((config.envReferences ?? []).map((r) => [r.value, r.name]));
  const named = (value: string | undefined, fallback: string) => {
    const name = value === undefined ? undefined : byValue.get(value);
    return name ? `check ${name}` : `check ${fallback}`;
  };
  switch (auth.mode) {
    case 'header': return named(auth.value, `the ${auth.name} value of auth mode header in the configuration`);
    case 'basic': return named(auth.password, `the user name and Basic password of ${auth.username} in the configuration`);
    case 'query': return named(auth.value, `the ${auth.name} query key of auth mode query in the configuration`);
    case 'jwt': return auth.secret !== undefined ? named(auth.secret, 'the JWT secret in the configuration') : 'check the JWT key (privateKeyFile) and the claims the merchant expects';
    case 'ip': return 'check that the merchant allows the address requests leave from (localAddress)';
    default: return 'the merchant requires credentials: configure the auth modes it accepts';
  }
}

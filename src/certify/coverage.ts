/**
 * The coverage matrix of a certification: for each requirement of the profile, each endpoint it
 * names and each auth mode it must be judged in, what the run's cases said of that check (passed,
 * warned, failed, errored or not covered), and from it the verdict.
 */
import type { CheckStatus, Endpoint, LifecycleEvent, RunResult } from '../model.js';
import { EVENT_SPECS } from '../merchant/events/bodies.js';
import type { CertifyProfile, ProfileRequirement } from './profiles.js';

/** What a run said of one check at one endpoint in one auth mode (`any`: in any mode). */
export type CellStatus = 'passed' | 'warned' | 'failed' | 'errored' | 'not covered';

/** One cell of the matrix. */
export interface CoverageCell {
  endpoint: string;
  /** An auth mode, or `any` for a requirement judged in at least one mode. */
  authMode: string;
  check: string;
  status: CellStatus;
}

/** "met" when every cell passed or warned, no check of the run failed (when the profile says so) and the run was whole. */
export interface Verdict {
  result: 'met' | 'not met';
  /** What is missing or wrong, one line each (empty when met). */
  missing: string[];
  /** True when nothing failed and nothing is missing, but some cell could not be judged (errored). */
  couldNotJudge?: boolean;
}

/** The matrix and the verdict. */
export interface Coverage {
  endpoints: string[];
  authModes: string[];
  cells: CoverageCell[];
  /** Checks that failed in the run outside the matrix (`allChecksPass`), `check@endpoint/mode`. */
  failedElsewhere: string[];
  verdict: Verdict;
}

const CUSTOM: Endpoint[] = ['GetCheckoutCartInfo', 'SendOrderToMerchant'];

/** The endpoints of the configured lifecycle calls, in merchant.events order. */
function eventEndpoints(events: LifecycleEvent[]): Endpoint[] {
  return events.map((e) => EVENT_SPECS[e].endpoint);
}

/** The endpoints a requirement names, among those the merchant configured. */
function endpointsOf(req: ProfileRequirement, configured: string[], events: LifecycleEvent[]): string[] {
  if (req.endpoints === 'all') return configured;
  if (req.endpoints === 'custom') return [...CUSTOM];
  if (req.endpoints === 'events') return eventEndpoints(events);
  // An endpoint the merchant did not configure (a refund call it does not take) is not asked for.
  return req.endpoints.filter((e) => configured.includes(e));
}

/** The cell status of a set of check statuses: the worst that was judged; none judged is not covered. */
export function cellStatus(statuses: CheckStatus[]): CellStatus {
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('errored')) return 'errored';
  if (statuses.includes('warning')) return 'warned';
  if (statuses.includes('passed')) return 'passed';
  return 'not covered';
}

/** The matrix and verdict of `run` against `profile`, for a merchant with these lifecycle calls. */
export function computeCoverage(profile: CertifyProfile, run: RunResult, events: LifecycleEvent[]): Coverage {
  const endpoints = [...CUSTOM, ...eventEndpoints(events)];
  const authModes = run.authModes ?? [...new Set(run.cases.map((c) => c.authMode))];
  const statuses = new Map<string, CheckStatus[]>();
  const add = (key: string, status: CheckStatus) => statuses.set(key, [...(statuses.get(key) ?? []), status]);
  for (const c of run.cases) {
    for (const k of c.checks) {
      add(`${c.endpoint}\0${c.authMode}\0${k.id}`, k.status);
      add(`${c.endpoint}\0any\0${k.id}`, k.status);
    }
  }
  const cells: CoverageCell[] = [];
  for (const req of profile.requirements) {
    const modes = req.authModes === 'any' ? ['any'] : authModes.filter((m) => !(req.exceptModes ?? []).includes(m as never));
    for (const endpoint of endpointsOf(req, endpoints, events)) {
      for (const authMode of modes) cells.push({ endpoint, authMode, check: req.check, status: cellStatus(statuses.get(`${endpoint}\0${authMode}\0${req.check}`) ?? []) });
    }
  }
  const failedElsewhere = profile.allChecksPass === false ? [] : failedOutside(run, cells);
  return { endpoints, authModes, cells, failedElsewhere, verdict: verdictOf(cells, failedElsewhere, run) };
}

/** Every check that failed in the run and is not a cell of the matrix, once each. */
function failedOutside(run: RunResult, cells: CoverageCell[]): string[] {
  const inMatrix = new Set(cells.map((c) => c.check));
  const out = new Set<string>();
  for (const c of run.cases) for (const k of c.checks) if (k.status === 'failed' && !inMatrix.has(k.id)) out.add(`${k.id} at ${c.endpoint} (${c.authMode})`);
  return [...out];
}

function verdictOf(cells: CoverageCell[], failedElsewhere: string[], run: RunResult): Verdict {
  const missing: string[] = [];
  if (run.partial) missing.push(`the run was interrupted (${run.partial.casesDone} of ${run.partial.casesPlanned} cases)`);
  for (const c of cells) if (c.status === 'failed' || c.status === 'not covered') missing.push(`${c.check} at ${c.endpoint} (${c.authMode}): ${c.status}`);
  for (const f of failedElsewhere) missing.push(`${f}: failed`);
  if (missing.length > 0) return { result: 'not met', missing };
  const errored = cells.filter((c) => c.status === 'errored').map((c) => `${c.check} at ${c.endpoint} (${c.authMode}): could not be judged`);
  if (errored.length > 0) return { result: 'not met', missing: errored, couldNotJudge: true };
  return { result: 'met', missing: [] };
}

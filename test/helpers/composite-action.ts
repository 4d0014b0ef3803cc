/**
 * A GitHub Actions runner for one composite action (action.yml), as far as the tests need one, done
 * the way actions/runner does it: the inputs with their defaults; every `${{ }}` evaluated as text
 * in the contexts the runner allows where it stands (its action_yaml.json); `if:` conditions, with
 * `success() &&` added when a condition names no status function; each `run:` step written to a file
 * and run by `bash --noprofile --norc -eo pipefail FILE` in its working-directory, with the runner's
 * variables and its per-step files (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STEP_SUMMARY); the
 * steps after a failed one still evaluated (an `always()` step runs), and the action's outputs
 * evaluated after the last step, failed or not.
 *
 * The actions a `uses:` step names are played by local stand-ins that keep their documented contract
 * and need no network: actions/setup-node (the machine's Node), actions/cache/restore and save (a
 * folder per key, shared by the jobs of one workflow run; a miss sets no `cache-hit`), and
 * actions/upload-artifact@v4 (collects the files; refuses a name already used in the workflow run,
 * as v4 does). Any other action is an error: a new step in action.yml needs a stand-in here.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';

type Value = string | number | boolean | null | { [key: string]: Value };

interface StepSpec {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  shell?: string;
  env?: Record<string, unknown>;
  'working-directory'?: string;
}

/** The parts of action.yml a composite action has. */
export interface ActionSpec {
  inputs: Record<string, { description?: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description?: string; value: string }>;
  runs: { using: string; steps: StepSpec[] };
}

/** Reads and parses an action.yml. */
export function readAction(file: string): ActionSpec {
  return parse(readFileSync(file, 'utf8')) as ActionSpec;
}

/** What one workflow run shares between its jobs: the cache and the artifacts uploaded. */
export interface WorkflowRun {
  /** Where the cache stand-in keeps its folders. */
  root: string;
  cache: Map<string, string>;
  artifacts: Artifact[];
}

/** An artifact the upload-artifact stand-in took: its name and the files, relative to the workspace. */
export interface Artifact {
  name: string;
  files: string[];
  workspace: string;
}

/** A new workflow run: an empty cache, no artifacts. */
export function newWorkflowRun(): WorkflowRun {
  return { root: mkdtempSync(join(tmpdir(), 'xb-workflow-')), cache: new Map(), artifacts: [] };
}

/** One job that uses the action once. */
export interface JobOptions {
  /** The action.yml to run and the folder it lives in (github.action_path). */
  action: string;
  actionPath: string;
  /** GITHUB_WORKSPACE, where run steps start. */
  workspace: string;
  /** The `with:` of the step that uses the action. */
  with?: Record<string, string>;
  /** The `env:` of the step that uses the action (the caller's secrets go here). */
  env?: Record<string, string>;
  /** github.job, strategy.job-index and strategy.job-total, matrix. */
  job?: string;
  jobIndex?: number;
  jobTotal?: number;
  matrix?: Record<string, string>;
  /** Folders put first on PATH (the tests' tripwires). */
  path?: string[];
  /** Variables the runner machine itself has (not in the env context): the tests' npm offline switch. */
  machineEnv?: Record<string, string>;
}

/** What a step did. */
export interface StepRecord {
  name: string;
  ran: boolean;
  outcome: 'success' | 'failure' | 'skipped';
  /** The rendered `with:` of a `uses:` step. */
  with?: Record<string, string>;
  outputs: Record<string, string>;
  code?: number;
  stdout: string;
  stderr: string;
}

/** What the action did in a job. */
export interface ActionResult {
  /** 0 when every step succeeded, else the exit code of the first failed run step (1 for a uses step). */
  code: number;
  outputs: Record<string, string>;
  steps: StepRecord[];
  /** GITHUB_STEP_SUMMARY, all steps together. */
  summary: string;
  /** RUNNER_TEMP of the job. */
  temp: string;
}

/** Contexts the runner allows (actions/runner src/Runner.Worker/action_yaml.json). */
const INPUT_DEFAULT = ['github', 'strategy', 'matrix', 'job', 'runner'];
const STEP_FIELD = ['github', 'inputs', 'strategy', 'matrix', 'steps', 'job', 'runner', 'env'];
const OUTPUT_VALUE = STEP_FIELD;
const STATUS_FUNCTIONS = /\b(?:success|failure|always|cancelled)\s*\(/;

interface Scope {
  contexts: Record<string, Value>;
  allowed: string[];
  failed: boolean;
}

// ---- expressions ----

type Token = { kind: 'str'; value: string } | { kind: 'num'; value: number } | { kind: 'id'; value: string } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) { i += space[0].length; continue; }
    const str = /^'((?:[^']|'')*)'/.exec(rest);
    if (str) { tokens.push({ kind: 'str', value: str[1]!.replace(/''/g, "'") }); i += str[0].length; continue; }
    const num = /^-?\d+(?:\.\d+)?/.exec(rest);
    if (num) { tokens.push({ kind: 'num', value: Number(num[0]) }); i += num[0].length; continue; }
    const id = /^[A-Za-z_][\w-]*/.exec(rest);
    if (id) { tokens.push({ kind: 'id', value: id[0] }); i += id[0].length; continue; }
    const op = /^(?:==|!=|&&|\|\||[!().,])/.exec(rest);
    if (op) { tokens.push({ kind: 'op', value: op[0] }); i += op[0].length; continue; }
    throw new Error(`the runner stand-in cannot read the expression ${text}`);
  }
  return tokens;
}

function truthy(v: Value): boolean {
  return !(v === false || v === 0 || v === '' || v === null);
}

function toNumber(v: Value): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return NaN;
}

/** GitHub's ==: strings case-insensitively, other mixed types as numbers. */
function equals(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b && (typeof a !== 'object' || a === null || b === null)) return a === b;
  if (typeof a === 'object' || typeof b === 'object') return a === b;
  return toNumber(a) === toNumber(b);
}

/** Evaluates one expression (the text inside `${{ }}`) in a scope. */
function evaluate(text: string, scope: Scope): Value {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (v: string) => peek()?.kind === 'op' && peek()!.value === v;
  const expectOp = (v: string) => {
    if (!isOp(v)) throw new Error(`expected ${v} in ${text}`);
    at++;
  };
  const or = (): Value => {
    let left = and();
    while (isOp('||')) { at++; const right = and(); left = truthy(left) ? left : right; }
    return left;
  };
  const and = (): Value => {
    let left = eq();
    while (isOp('&&')) { at++; const right = eq(); left = truthy(left) ? right : left; }
    return left;
  };
  const eq = (): Value => {
    const left = unary();
    if (isOp('==') || isOp('!=')) {
      const op = tokens[at++]!.value;
      const same = equals(left, unary());
      return op === '==' ? same : !same;
    }
    return left;
  };
  const unary = (): Value => {
    if (isOp('!')) { at++; return !truthy(unary()); }
    return primary();
  };
  const primary = (): Value => {
    const t = tokens[at++];
    if (!t) throw new Error(`unexpected end of ${text}`);
    if (t.kind === 'str' || t.kind === 'num') return t.value;
    if (t.kind === 'op' && t.value === '(') { const v = or(); expectOp(')'); return v; }
    if (t.kind !== 'id') throw new Error(`unexpected ${t.value} in ${text}`);
    if (t.value === 'true') return true;
    if (t.value === 'false') return false;
    if (t.value === 'null') return null;
    if (isOp('(')) {
      at++;
      expectOp(')');
      switch (t.value) {
        case 'always': return true;
        case 'success': return !scope.failed;
        case 'failure': return scope.failed;
        case 'cancelled': return false;
        default: throw new Error(`the runner stand-in has no function ${t.value}() (in ${text})`);
      }
    }
    if (!scope.allowed.includes(t.value)) throw new Error(`the context ${t.value} is not available here (in ${text})`);
    let value: Value = scope.contexts[t.value] ?? null;
    while (isOp('.')) {
      at++;
      const name = tokens[at++];
      if (name?.kind !== 'id') throw new Error(`expected a property name in ${text}`);
      value = value !== null && typeof value === 'object' ? (value[name.value] ?? null) : null;
    }
    return value;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`unexpected ${tokens[at]!.value} in ${text}`);
  return value;
}

function asText(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A string with every `${{ }}` replaced by its value as text, as the runner does before bash sees it. */
function render(text: string, scope: Scope): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => asText(evaluate(expr, scope)));
}

function condition(text: string | undefined, scope: Scope): boolean {
  let expr = (text ?? 'success()').trim();
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(expr);
  if (whole) expr = whole[1]!;
  if (!STATUS_FUNCTIONS.test(expr)) expr = `success() && (${expr})`;
  return truthy(evaluate(expr, scope));
}

// ---- the runner's files ----

/** `name=value` lines and `name<<DELIMITER` blocks, as GITHUB_OUTPUT and GITHUB_ENV hold them. */
function readKeyValues(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const heredoc = /^([^=]+?)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`unterminated ${heredoc[2]} in ${file}`);
      values[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${file}: cannot read the line ${line}`);
    values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

/** The runner's own environment, without what the test process carries for itself. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(?:XBORDER_|GITHUB_|RUNNER_|npm_|VITEST|FORCE_COLOR)/.test(k)) continue;
    env[k] = v;
  }
  return env;
}

function runBash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

// ---- stand-ins for the actions a uses: step names ----

interface UsesOutcome { outputs: Record<string, string>; failed?: string; log: string }
type StandIn = (w: Record<string, string>, run: WorkflowRun, job: { workspace: string }) => UsesOutcome;

/** Characters upload-artifact refuses in a name. */
const BAD_ARTIFACT_NAME = /[":<>|*?\r\n\\/]/;

function filesOf(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesOf(join(path, name)));
}

const STAND_INS: Record<string, StandIn> = {
  'actions/setup-node': (w): UsesOutcome => {
    if (!w['node-version']) return { outputs: {}, failed: 'no node-version', log: '' };
    return { outputs: { 'node-version': process.version }, log: `Node ${w['node-version']} asked; the machine's ${process.version} used` };
  },
  'actions/cache/restore': (w, run): UsesOutcome => {
    const key = w.key!;
    if (!key || !w.path) return { outputs: {}, failed: 'Input required and not supplied: path/key', log: '' };
    const stored = run.cache.get(key);
    // actions/cache/restore sets cache-hit only when it restored something.
    if (stored === undefined) return { outputs: { 'cache-primary-key': key }, log: `Cache not found for input keys: ${key}` };
    cpSync(stored, w.path, { recursive: true, verbatimSymlinks: true });
    return { outputs: { 'cache-hit': 'true', 'cache-primary-key': key, 'cache-matched-key': key }, log: `Cache restored from key: ${key}` };
  },
  'actions/cache/save': (w, run): UsesOutcome => {
    const key = w.key!;
    if (run.cache.has(key)) return { outputs: {}, log: `Failed to save: Unable to reserve cache with key ${key}, another job may be creating this cache.` };
    if (!existsSync(w.path!)) return { outputs: {}, log: 'Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.' };
    const folder = join(run.root, `cache-${run.cache.size}`);
    cpSync(w.path!, folder, { recursive: true, verbatimSymlinks: true });
    run.cache.set(key, folder);
    return { outputs: {}, log: `Cache saved with key: ${key}` };
  },
  'actions/upload-artifact': (w, run, job): UsesOutcome => {
    const name = w.name || 'artifact';
    if (BAD_ARTIFACT_NAME.test(name)) return { outputs: {}, failed: `The artifact name is not valid: ${name}`, log: '' };
    if (run.artifacts.some((a) => a.name === name)) {
      return { outputs: {}, failed: `Failed to CreateArtifact: (409) Conflict: an artifact with this name already exists on the workflow run: ${name}`, log: '' };
    }
    const lines = (w.path ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.some((l) => /[*?[]/.test(l))) throw new Error('the upload-artifact stand-in takes no glob patterns');
    const files = lines.flatMap((l) => filesOf(resolve(job.workspace, l))).map((f) => relative(job.workspace, f));
    if (files.length === 0 && w['if-no-files-found'] === 'error') return { outputs: {}, failed: 'No files were found', log: '' };
    if (files.length > 0) run.artifacts.push({ name, files, workspace: job.workspace });
    return { outputs: {}, log: `${files.length} files uploaded as ${name}` };
  },
};

/** Runs the action in one job of `run`. */
export async function runCompositeAction(run: WorkflowRun, options: JobOptions): Promise<ActionResult> {
  const action = readAction(options.action);
  if (action.runs.using !== 'composite') throw new Error('not a composite action');
  const temp = mkdtempSync(join(tmpdir(), 'xb-runner-temp-'));
  const files = join(temp, '_runner_file_commands');
  mkdirSync(files);
  const contexts: Record<string, Value> = {
    github: { job: options.job ?? 'job', action_path: options.actionPath, workspace: options.workspace, event_name: 'push' },
    strategy: { 'job-index': options.jobIndex ?? 0, 'job-total': options.jobTotal ?? 1, 'fail-fast': true },
    matrix: options.matrix ?? null,
    job: { status: 'success' },
    runner: { os: 'Linux', arch: 'X64', temp, name: 'stand-in' },
    env: { ...options.env },
    steps: {},
  };
  const given = options.with ?? {};
  for (const name of Object.keys(given)) if (!(name in action.inputs)) throw new Error(`Unexpected input '${name}': the action has no such input`);
  const inputs: Record<string, Value> = {};
  const defaults: Scope = { contexts, allowed: INPUT_DEFAULT, failed: false };
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = given[name] ?? render(spec.default ?? '', defaults);
  contexts.inputs = inputs;

  const scope: Scope = { contexts, allowed: STEP_FIELD, failed: false };
  const addedPath: string[] = [];
  const addedEnv: Record<string, string> = {};
  const records: StepRecord[] = [];
  let summary = '';
  let code = 0;
  for (const [n, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${n}`;
    const record: StepRecord = { name, ran: false, outcome: 'skipped', outputs: {}, stdout: '', stderr: '' };
    records.push(record);
    contexts.env = { ...options.env, ...addedEnv };
    if (!condition(step.if, scope)) continue;
    record.ran = true;
    const env: Record<string, string> = { ...options.env, ...addedEnv };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = render(String(v), scope);
    let failed: string | undefined;
    if (step.uses !== undefined) {
      const standIn = STAND_INS[step.uses.replace(/@.*$/, '')];
      if (!standIn) throw new Error(`no stand-in for ${step.uses}: teach test/helpers/composite-action.ts what it does`);
      const w: Record<string, string> = {};
      for (const [k, v] of Object.entries(step.with ?? {})) w[k] = render(String(v), scope);
      record.with = w;
      const outcome = standIn(w, run, { workspace: options.workspace });
      record.outputs = outcome.outputs;
      record.stdout = outcome.log;
      failed = outcome.failed;
      if (failed) record.stderr = failed;
    } else {
      if (step.shell !== 'bash') throw new Error(`${name}: the stand-in runs shell: bash only`);
      const file = (kind: string) => {
        const f = join(files, `${kind}_${n}`);
        writeFileSync(f, '');
        return f;
      };
      const out = file('set_output');
      const envFile = file('set_env');
      const pathFile = file('add_path');
      const summaryFile = file('step_summary');
      const script = join(temp, `step-${n}.sh`);
      writeFileSync(script, render(step.run!, scope));
      const cwd = step['working-directory'] ? resolve(options.workspace, render(step['working-directory'], scope)) : options.workspace;
      const runnerVars = {
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: options.workspace,
        GITHUB_ACTION_PATH: options.actionPath,
        GITHUB_JOB: options.job ?? 'job',
        RUNNER_TEMP: temp,
        RUNNER_OS: 'Linux',
        RUNNER_ARCH: 'X64',
        GITHUB_OUTPUT: out,
        GITHUB_ENV: envFile,
        GITHUB_PATH: pathFile,
        GITHUB_STEP_SUMMARY: summaryFile,
      };
      const PATH = [...addedPath, ...(options.path ?? []), process.env.PATH ?? ''].join(':');
      const result = await runBash(script, cwd, { ...baseEnv(), ...options.machineEnv, ...runnerVars, ...env, PATH });
      record.code = result.code;
      record.stdout = result.stdout;
      record.stderr = result.stderr;
      record.outputs = readKeyValues(out);
      Object.assign(addedEnv, readKeyValues(envFile));
      addedPath.unshift(...readFileSync(pathFile, 'utf8').split('\n').filter(Boolean).reverse());
      summary += readFileSync(summaryFile, 'utf8');
      if (result.code !== 0) failed = `exit ${result.code}`;
    }
    record.outcome = failed ? 'failure' : 'success';
    if (failed && !scope.failed) {
      scope.failed = true;
      code = record.code ?? 1;
      (contexts.job as Record<string, Value>).status = 'failure';
    }
    if (step.id) (contexts.steps as Record<string, Value>)[step.id] = { outputs: record.outputs, outcome: record.outcome, conclusion: record.outcome };
  }
  const outputs: Record<string, string> = {};
  const outputScope: Scope = { contexts, allowed: OUTPUT_VALUE, failed: scope.failed };
  for (const [name, spec] of Object.entries(action.outputs ?? {})) outputs[name] = render(spec.value, outputScope);
  return { code, outputs, steps: records, summary, temp };
}

/**
 * The GitHub Action (action.yml) run the way the runner runs it (test/helpers/composite-action.ts):
 * its inputs and defaults, every `${{ }}` substituted as text, each `run:` step run by bash, the
 * actions it uses played by local stand-ins (cache, upload-artifact), no network. The action's folder
 * is a copy of this repository as the runner downloads it (no node_modules, no dist).
 *
 * - With a real merchant: the first job builds and installs xborder from the packed package (npm
 *   from its cache, offline) and caches it; the second restores it and runs no npm at all; each runs
 *   the installed xborder against a reference merchant, sets `exit-code`, and uploads the run folder
 *   and the JUnit report under a name of its own.
 * - With a stub xborder in the cache: a hostile input does not execute and reaches xborder as one
 *   argument; what users write (quotes, spaces) arrives as they meant it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMerchant, type MockMerchantServer } from '../src/mock/merchant/server.js';
import { newWorkflowRun, readAction, runCompositeAction, type ActionResult, type JobOptions, type WorkflowRun } from './helpers/composite-action.js';
import { merchantConfig } from './helpers/merchant-config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ACTION = readAction(join(ROOT, 'action.yml'));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const SECRET = 'hdrKEY-action-7q6w5e';
/** npm answers from its cache (filled by this repository's own `npm ci`): the tests never reach the registry. */
const OFFLINE = { npm_config_offline: 'true', npm_config_update_notifier: 'false' };

/** What the runner's download of the action holds: the repository's files, nothing built or installed. */
const NOT_IN_CHECKOUT = new Set(['node_modules', 'dist', '.git', '.xborder', '.xborder-tmp', 'coverage', 'generated', 'package.json.prepack']);

const made: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

let actionPath: string;
beforeAll(() => {
  actionPath = join(tempDir('xb-action-checkout-'), 'xborder');
  cpSync(ROOT, actionPath, {
    recursive: true,
    filter: (src) => {
      const name = basename(src);
      return !NOT_IN_CHECKOUT.has(name) && !name.startsWith('dist.') && !name.endsWith('.tgz');
    },
  });
});

const runs: WorkflowRun[] = [];
afterAll(() => {
  for (const run of runs) made.push(run.root);
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function workflowRun(): WorkflowRun {
  const run = newWorkflowRun();
  runs.push(run);
  return run;
}

/** Runs the action from the copied checkout in a fresh workspace. */
async function job(run: WorkflowRun, options: Partial<JobOptions> & { workspace?: string }): Promise<ActionResult> {
  const result = await runCompositeAction(run, { action: join(actionPath, 'action.yml'), actionPath, workspace: options.workspace ?? tempDir('xb-ws-'), job: 'conformance', ...options, machineEnv: { ...OFFLINE, ...options.machineEnv } });
  made.push(result.temp);
  return result;
}

const step = (result: ActionResult, name: RegExp) => result.steps.find((s) => name.test(s.name))!;

/** A folder with an `npm` and an `npx` that fail: first on PATH, they prove no npm ran. */
function npmTripwire(): string {
  const dir = tempDir('xb-tripwire-');
  for (const name of ['npm', 'npx']) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho "${name} ran on a cache hit: $*" >&2\nexit 97\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

describe('action.yml, as written', () => {
  it('no input is pasted into a script: run: blocks reference inputs only through env', () => {
    for (const s of ACTION.runs.steps) expect(s.run ?? '', s.name).not.toMatch(/\$\{\{\s*inputs\./);
  });

  it('documents every input and output, and takes no credential as an input', () => {
    for (const [name, spec] of Object.entries({ ...ACTION.inputs, ...ACTION.outputs })) expect(spec.description, name).toMatch(/\w{3}/);
    expect(Object.keys(ACTION.inputs)).toEqual(['command', 'config', 'args', 'junit', 'node-version', 'artifact-name']);
    expect(Object.keys(ACTION.outputs)).toEqual(['exit-code']);
    expect(Object.keys(ACTION.inputs).filter((k) => /key|secret|password|token/i.test(k))).toEqual([]);
  });
});

describe('the action installs xborder once per version and runs it against a merchant', () => {
  let good: MockMerchantServer;
  let faulty: MockMerchantServer;
  const run = () => shared;
  let shared: WorkflowRun;

  beforeAll(async () => {
    const server = merchantConfig({ guid: GUID, auth: [{ mode: 'header', name: 'X-Merchant-Key', value: SECRET }] });
    good = await startMockMerchant({ config: server });
    faulty = await startMockMerchant({ config: server, fault: 'guid-ignored' });
    shared = workflowRun();
  });
  afterAll(async () => {
    await Promise.all([good?.close(), faulty?.close()]);
  });

  /** A workspace as actions/checkout leaves it: the project's config, its secret by ${VAR}. */
  function workspace(baseUrl: string): string {
    const dir = tempDir('xb-ws-');
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
      merchantGUID: GUID,
      merchant: { baseUrl },
      auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
    }));
    return dir;
  }

  function everythingShown(result: ActionResult, ws: string): string {
    const artifacts = run().artifacts.filter((a) => a.workspace === ws).flatMap((a) => a.files.map((f) => readFileSync(join(ws, f), 'utf8')));
    return [...result.steps.flatMap((s) => [s.stdout, s.stderr]), result.summary, ...artifacts].join('\n');
  }

  it('a first job: not in the cache, so it packs and installs xborder, caches it, checks a conforming merchant (exit-code 0) and uploads the run', async () => {
    const ws = workspace(good.url);
    const result = await job(run(), { workspace: ws, jobIndex: 0, jobTotal: 2, with: { config: 'xborder.config.json' }, env: { XB_HEADER_KEY: SECRET } });
    expect(result.code, result.steps.map((s) => `${s.name}: ${s.outcome}\n${s.stderr.slice(-2000)}`).join('\n')).toBe(0);
    expect(result.outputs).toEqual({ 'exit-code': '0' });

    // The key: the version of package.json, the runner's OS and arch, a digest of the sources.
    const key = step(result, /^Cache key/).outputs.key!;
    expect(key).toMatch(new RegExp(`^xborder-${VERSION.replace(/\./g, '\\.')}-Linux-X64-[0-9a-f]{16}$`));
    expect(step(result, /^Restore/).outputs['cache-hit']).toBeUndefined();
    expect(step(result, /^Install/).stdout).toContain(`xborder ${VERSION} in ${join(result.temp, 'xborder-action')}`);
    expect(step(result, /^Save/).outcome).toBe('success');
    expect([...run().cache.keys()]).toEqual([key]);
    // Installed from the packed tarball with production dependencies only.
    const installed = join(run().cache.get(key)!, 'xborder');
    expect(existsSync(join(installed, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules', 'undici'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules', 'vitest'))).toBe(false);
    expect(existsSync(join(installed, 'src'))).toBe(false);

    const artifact = run().artifacts.find((a) => a.workspace === ws)!;
    expect(artifact.name).toBe('xborder-run-conformance-0');
    expect(artifact.files).toContain('xborder-junit.xml');
    expect(artifact.files.filter((f) => /^\.xborder\/runs\/[^/]+\/report\.json$/.test(f))).toHaveLength(1);
    expect(readFileSync(join(ws, 'xborder-junit.xml'), 'utf8')).toMatch(/<testsuites[^>]* failures="0"/);
    // --github: the job summary, through the runner's GITHUB_STEP_SUMMARY.
    expect(result.summary).toMatch(/passed/);
    expect(everythingShown(result, ws)).not.toContain(SECRET);
  }, 300_000);

  it('a second job (another matrix entry): restored from the cache, no npm runs; a failing check is exit-code 1, and the run is still uploaded under its own name', async () => {
    expect(run().cache.size, 'the first job filled the cache').toBe(1);
    const ws = workspace(faulty.url);
    const result = await job(run(), { workspace: ws, jobIndex: 1, jobTotal: 2, path: [npmTripwire()], with: { config: 'xborder.config.json' }, env: { XB_HEADER_KEY: SECRET } });
    expect(step(result, /^Restore/).outputs['cache-hit']).toBe('true');
    expect(step(result, /^Install/).outcome, step(result, /^Install/).stderr).toBe('success');
    expect(step(result, /^Install/).stdout).toContain(`xborder ${VERSION} in`);
    expect(step(result, /^Save/).ran).toBe(false);
    expect(run().cache.size).toBe(1);

    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ 'exit-code': '1' });
    expect(step(result, /^Run xborder/).stdout).toMatch(/::error .*guid-enforced/);
    const artifact = run().artifacts.find((a) => a.workspace === ws)!;
    expect(artifact.name).toBe('xborder-run-conformance-1');
    expect(readFileSync(join(ws, 'xborder-junit.xml'), 'utf8')).toMatch(/<failure[^>]*>[\s\S]*guid/);
    expect(everythingShown(result, ws)).not.toContain(SECRET);
    // Two jobs, two artifacts: the default name never collides in a matrix.
    expect(new Set(run().artifacts.map((a) => a.name)).size).toBe(run().artifacts.length);
  }, 120_000);
});

describe('inputs reach xborder as arguments, never as code', () => {
  let run: WorkflowRun;
  let argvFile: string;
  let jobs = 0;

  beforeAll(() => {
    // A cache entry under the key the action computes, holding a stub xborder that records its arguments.
    run = workflowRun();
    const key = spawnSync(process.execPath, [join(actionPath, 'scripts', 'action-cache-key.mjs')], { encoding: 'utf8', env: { ...process.env, RUNNER_TEMP: tmpdir(), RUNNER_OS: 'Linux', RUNNER_ARCH: 'X64' } });
    expect(key.status, key.stderr).toBe(0);
    const home = join(run.root, 'stub-install');
    mkdirSync(join(home, 'bin'), { recursive: true });
    argvFile = join(run.root, 'xborder-argv');
    writeFileSync(join(home, 'bin', 'xborder'), `#!/bin/sh\nif [ "$1" = --version ]; then echo 0.0.0-stub; exit 0; fi\nfor a in "$@"; do printf '%s\\0' "$a"; done > "${argvFile}"\nexit 1\n`);
    chmodSync(join(home, 'bin', 'xborder'), 0o755);
    run.cache.set(/^key=(.*)$/m.exec(key.stdout)![1]!, home);
  });

  async function stubbed(given: Record<string, string>, extra: Partial<JobOptions> = {}) {
    rmSync(argvFile, { force: true });
    const ws = tempDir('xb-ws-');
    const result = await job(run, { workspace: ws, with: given, path: [npmTripwire()], jobIndex: jobs++, ...extra });
    const argv = existsSync(argvFile) ? readFileSync(argvFile, 'utf8').split('\0').slice(0, -1) : undefined;
    return { ...result, argv, ws };
  }

  /** The files a hostile input would have made, in the folders the action's steps run in. */
  const touched = (...dirs: string[]) => dirs.flatMap((d) => readdirSync(d)).filter((f) => /pwned/.test(f));

  it('a hostile input in every field does not execute, and each reaches xborder as one argument', async () => {
    const hostile = {
      config: '$(touch pwned-config)',
      command: 'check; touch pwned-command',
      args: '--strict "$(touch pwned-args)" `touch pwned-backquote` ${HOME} *',
      junit: 'x.xml"; touch pwned-junit; echo "',
    };
    const { argv, code, outputs, ws, temp } = await stubbed(hostile);
    expect(touched(ws, temp, actionPath)).toEqual([]);
    expect(argv).toEqual([
      '--config', '$(touch pwned-config)',
      'check;', 'touch', 'pwned-command',
      '--github', '--junit', 'x.xml"; touch pwned-junit; echo "',
      '--strict', '$(touch pwned-args)', '`touch', 'pwned-backquote`', '${HOME}', '*',
    ]);
    // xborder's exit code goes through, and is the action's output.
    expect(code).toBe(1);
    expect(outputs).toEqual({ 'exit-code': '1' });
  });

  it('keeps what users write: the defaults, a command with flags, quoted arguments with spaces', async () => {
    expect((await stubbed({})).argv).toEqual(['check', '--github', '--junit', 'xborder-junit.xml']);
    const { argv } = await stubbed({ command: 'post-order --sample order-full', config: 'ci/xborder config.json', args: `--set 'Customer.FirstName=Jo Ann' --auth "header,basic"` });
    expect(argv).toEqual(['--config', 'ci/xborder config.json', 'post-order', '--sample', 'order-full', '--github', '--junit', 'xborder-junit.xml', '--set', 'Customer.FirstName=Jo Ann', '--auth', 'header,basic']);
  });

  it('an unmatched quote in args is a clear error (exit 2), and xborder does not run', async () => {
    const { argv, code, steps, outputs } = await stubbed({ args: `--set 'Customer.FirstName=Jo` });
    expect(argv).toBeUndefined();
    expect(code).toBe(2);
    expect(steps.find((s) => s.name === 'Run xborder')!.stderr).toContain('the args input has an unmatched quote');
    expect(outputs).toEqual({ 'exit-code': '2' });
  });

  it('node-version goes to actions/setup-node; artifact-name names the upload; the JUnit path is uploaded', async () => {
    const { steps } = await stubbed({ 'node-version': '22', 'artifact-name': 'xborder-run-staging', junit: 'reports/xb.xml' });
    expect(steps[0]!.with).toEqual({ 'node-version': '22' });
    const upload = steps.find((s) => /^Upload/.test(s.name))!;
    expect(upload.ran).toBe(true);
    expect(upload.with!.name).toBe('xborder-run-staging');
    expect(upload.with!.path.split('\n').map((l) => l.trim()).filter(Boolean)).toEqual(['.xborder/runs/', 'reports/xb.xml']);
    // The default: the job and its matrix index, so two entries of a matrix never share a name.
    const defaults = await stubbed({}, { job: 'nightly', jobIndex: 3 });
    expect(defaults.steps.find((s) => /^Upload/.test(s.name))!.with!.name).toBe('xborder-run-nightly-3');
  });
});

describe('the cache key (scripts/action-cache-key.mjs)', () => {
  function tree(): { dir: string; key(): string } {
    const dir = tempDir('xb-key-');
    for (const f of ['package.json', 'package-lock.json', 'scripts/action-cache-key.mjs', 'src/model.ts', 'schemas/config.schema.json']) {
      mkdirSync(join(dir, f, '..'), { recursive: true });
      cpSync(join(ROOT, f), join(dir, f));
    }
    return {
      dir,
      key: () => {
        const r = spawnSync(process.execPath, [join(dir, 'scripts', 'action-cache-key.mjs')], { encoding: 'utf8', env: { ...process.env, RUNNER_TEMP: '/runner/_temp', RUNNER_OS: 'Linux', RUNNER_ARCH: 'X64' } });
        expect(r.status, r.stderr).toBe(0);
        return r.stdout;
      },
    };
  }

  it('prints the version, the key and the install folder; the same sources give the same key', () => {
    const t = tree();
    const out = t.key();
    expect(out).toMatch(new RegExp(`^version=${VERSION.replace(/\./g, '\\.')}\nkey=xborder-${VERSION.replace(/\./g, '\\.')}-Linux-X64-[0-9a-f]{16}\nhome=/runner/_temp/xborder-action\n$`));
    expect(t.key()).toBe(out);
  });

  it('a changed or added source changes the key; what the build and npm write does not', () => {
    const t = tree();
    const before = t.key();
    for (const written of ['node_modules/x/index.js', 'dist/main.js', 'src/types/generated/config.ts', 'dist.building-1/x.js']) {
      mkdirSync(join(t.dir, written, '..'), { recursive: true });
      writeFileSync(join(t.dir, written), 'built');
    }
    expect(t.key()).toBe(before);
    writeFileSync(join(t.dir, 'src', 'model.ts'), `${readFileSync(join(t.dir, 'src', 'model.ts'), 'utf8')}\n// changed\n`);
    const changed = t.key();
    expect(changed).not.toBe(before);
    writeFileSync(join(t.dir, 'src', 'new-module.ts'), 'export {};\n');
    expect(t.key()).not.toBe(changed);
  });

  it('outside the runner (no RUNNER_TEMP) it says so and exits 2', () => {
    const env = { ...process.env };
    delete env.RUNNER_TEMP;
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'action-cache-key.mjs')], { encoding: 'utf8', env });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/RUNNER_TEMP is not set/);
  });
});

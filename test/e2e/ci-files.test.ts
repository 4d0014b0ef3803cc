/**
 * The CI recipes the repository ships: the GitHub Action installs xborder from its own checkout (once
 * per cache key) and runs it with the JUnit report and the run folder uploaded; the Dockerfile builds from files that
 * exist and runs the bin; the build context leaves out what the image must not hold. Building the
 * image itself pulls node:20-slim and the npm registry, so it runs only with XBORDER_DOCKER_TESTS=1
 * (and a docker daemon).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseDockerfile, runStage } from '../helpers/dockerfile.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the GitHub Action', () => {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: { uses?: string; run?: string; with?: Record<string, string> }[] }; inputs: Record<string, unknown> };

  it('is a composite action: Node, the cache key, xborder restored or packed and installed then cached, then run (test/action.test.ts runs it)', () => {
    expect(action.runs.using).toBe('composite');
    const steps = action.runs.steps;
    expect(steps.map((s) => s.uses?.replace(/@.*$/, '') ?? 'run')).toEqual(['actions/setup-node', 'run', 'actions/cache/restore', 'run', 'actions/cache/save', 'run', 'actions/upload-artifact']);
    for (const s of steps.filter((x) => x.uses)) expect(s.uses, 'each action pinned to a major version').toMatch(/@v\d+$/);
    const install = steps.find((s) => s.run?.includes('npm pack'))!;
    // Built from the action's own checkout only when the cache has no install of this key.
    expect(install.run).toMatch(/if \[ ! -x "\$XB_HOME\/bin\/xborder" \]; then\n\s+#[^]*npm ci[^]*npm pack[^]*npm ci --omit=dev[^]*\nfi\n/);
    expect(install.run).not.toMatch(/npm install -g/);
    const run = steps.find((s) => s.run?.includes('--junit'))!;
    // The inputs reach the script through env (test/action.test.ts runs it with hostile inputs).
    expect(run.run).toMatch(/xborder .*"\$\{command_words\[@\]\}" --github --junit "\$XB_INPUT_JUNIT"/);
    expect(run.run).not.toMatch(/\$\{\{/);
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['command', 'config', 'args', 'junit', 'node-version', 'artifact-name']));
  });

  it('uploads the run folder and the JUnit report, even when the check failed; takes no credential as an input', () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect((upload as { if?: string }).if).toBe('always()');
    expect(upload.with!.path).toContain('.xborder/runs/');
    expect(upload.with!.path).toContain('${{ inputs.junit }}');
    expect(upload.with!.name).toBe('${{ inputs.artifact-name }}');
    expect(Object.keys(action.inputs).filter((k) => /key|secret|password|token/i.test(k))).toEqual([]);
  });
});

describe('the Docker image', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

  it('copies only files that exist, and runs the installed bin', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
    expect(dockerfile).toMatch(/^FROM node:20-slim AS build$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["xborder"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin.xborder).toBe('bin/xborder.js');
  });

  it('leaves dependencies, runs, tests, benchmarks and git out of the build context', () => {
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', '.xborder', 'test', 'bench', '.git']));
    // Nothing the Dockerfile copies is ignored.
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    for (const source of sources) expect(ignored, source).not.toContain(source);
  });

  it('the build stage runs as written (offline, without docker) and makes the tarball the final stage installs', () => {
    const [build, final] = parseDockerfile(dockerfile);
    expect(build!.name).toBe('build');
    const root = mkdtempSync(join(tmpdir(), 'xb-docker-build-'));
    try {
      const stage = runStage(build!, ROOT, root, { npm_config_offline: 'true', npm_config_update_notifier: 'false' });
      const failed = stage.runs.find((r) => r.code !== 0);
      expect(failed, `RUN ${failed?.command}\n${failed?.stderr.slice(-2000)}`).toBeUndefined();
      expect(stage.runs).toHaveLength(build!.instructions.filter((i) => i.op === 'RUN').length);
      const copy = final!.instructions.find((i) => i.op === 'COPY' && i.args.startsWith('--from=build '))!;
      const [, source, target] = /^--from=build\s+(\S+)\s+(\S+)$/.exec(copy.args)!;
      const tarball = stage.at(source!);
      expect(existsSync(tarball), source).toBe(true);
      expect(final!.instructions.find((i) => i.op === 'RUN')!.args).toMatch(new RegExp(`^npm install -g (?:--\\S+ )*${target!.replace(/[.]/g, '\\.')} `));
      // Built, with no install script in the packed manifest.
      const files = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' }).stdout.split('\n');
      expect(files).toEqual(expect.arrayContaining(['package/dist/main.js', 'package/bin/xborder.js', 'package/schemas/config.schema.json']));
      const manifest = JSON.parse(spawnSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }).stdout) as { scripts: Record<string, string> };
      expect(manifest.scripts.prepare).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);

  it.runIf(process.env.XBORDER_DOCKER_TESTS === '1')('builds, and the image runs xborder (needs a docker daemon and the network)', () => {
    const build = spawnSync('docker', ['build', '-q', '-t', 'xborder-test', ROOT], { encoding: 'utf8', timeout: 600_000 });
    expect(build.status, build.stderr).toBe(0);
    const version = spawnSync('docker', ['run', '--rm', 'xborder-test', '--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

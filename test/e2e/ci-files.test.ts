/**
 * The CI recipes the repository ships: the GitHub Action installs xborder from its own checkout and
 * runs it with the JUnit report and the run folder uploaded; the Dockerfile builds from files that
 * exist and runs the bin; the build context leaves out what the image must not hold. Building the
 * image itself pulls node:20-slim and the npm registry, so it runs only with XBORDER_DOCKER_TESTS=1
 * (and a docker daemon).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the GitHub Action', () => {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: { uses?: string; run?: string; with?: Record<string, string> }[] }; inputs: Record<string, unknown> };

  it('is a composite action: Node 20, xborder installed from its own checkout as a packed tarball, then run', () => {
    expect(action.runs.using).toBe('composite');
    const steps = action.runs.steps;
    expect(steps[0]!.uses).toMatch(/^actions\/setup-node@v\d/);
    const install = steps.find((s) => s.run?.includes('npm pack'))!;
    expect(install.run).toContain('npm ci');
    expect(install.run).toMatch(/npm install -g .*xborder-\*\.tgz/);
    const run = steps.find((s) => s.run?.includes('--junit'))!;
    // The inputs reach the script through env (test/action.test.ts runs it with hostile inputs).
    expect(run.run).toMatch(/xborder .*"\$\{command_words\[@\]\}" --github --junit "\$XB_INPUT_JUNIT"/);
    expect(run.run).not.toMatch(/\$\{\{/);
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['command', 'config', 'args', 'junit']));
  });

  it('uploads the run folder and the JUnit report, even when the check failed; takes no credential as an input', () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect((upload as { if?: string }).if).toBe('always()');
    expect(upload.with!.path).toContain('.xborder/runs/');
    expect(upload.with!.path).toContain('${{ inputs.junit }}');
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

  it.runIf(process.env.XBORDER_DOCKER_TESTS === '1')('builds, and the image runs xborder (needs a docker daemon and the network)', () => {
    const build = spawnSync('docker', ['build', '-q', '-t', 'xborder-test', ROOT], { encoding: 'utf8', timeout: 600_000 });
    expect(build.status, build.stderr).toBe(0);
    const version = spawnSync('docker', ['run', '--rm', 'xborder-test', '--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

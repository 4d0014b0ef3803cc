/**
 * The GitHub Action (action.yml) rendered as GitHub renders it: every `${{ ... }}` substituted as
 * text (in `run:` scripts and `env:` values alike), then each `run:` script run with bash as the
 * runner runs it, in a temporary directory with stub `xborder` and `npm` on PATH. A hostile input
 * must not execute (no file is touched) and must reach xborder as one argument.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

interface Step { name?: string; shell?: string; run?: string; env?: Record<string, string>; 'working-directory'?: string; uses?: string }
interface Action { inputs: Record<string, { default?: string }>; runs: { steps: Step[] } }

const ACTION = parse(readFileSync(fileURLToPath(new URL('../action.yml', import.meta.url)), 'utf8')) as Action;

/** GitHub's substitution: `${{ inputs.x }}` and `${{ github.action_path }}` replaced by their text. */
function render(text: string, inputs: Record<string, string>, actionPath: string): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) return inputs[input[1]!] ?? '';
    if (expr === 'github.action_path') return actionPath;
    throw new Error(`the test does not know the expression ${expr}`);
  });
}

/** Runs every `run:` step of the action with `given` inputs; returns what the stub xborder received. */
function runAction(given: Record<string, string>): { argv: string[] | undefined; code: number; dir: string; output: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'xb-action-'));
  const bin = join(dir, 'stub-bin');
  const temp = join(dir, 'runner-temp');
  mkdirSync(bin);
  mkdirSync(temp);
  const argvFile = join(temp, 'xborder-argv');
  // The stub xborder writes its arguments NUL-separated and fails a check, as a real run might.
  writeFileSync(join(bin, 'xborder'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\0' "$a"; done > "${argvFile}"\nexit 1\n`);
  writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 0\n');
  writeFileSync(join(bin, 'npx'), '#!/bin/sh\nexit 0\n');
  for (const f of ['xborder', 'npm', 'npx']) chmodSync(join(bin, f), 0o755);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(ACTION.inputs)) inputs[name] = given[name] ?? spec.default ?? '';
  const outputFile = join(temp, 'github-output');
  writeFileSync(outputFile, '');
  let code = 0;
  let stderr = '';
  for (const step of ACTION.runs.steps.filter((s) => s.run !== undefined)) {
    expect(step.shell).toBe('bash');
    const env: Record<string, string> = { PATH: `${bin}:${process.env.PATH}`, HOME: dir, RUNNER_TEMP: temp, GITHUB_OUTPUT: outputFile };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = render(String(v), inputs, dir);
    const script = join(temp, `step-${readdirSync(temp).length}.sh`);
    writeFileSync(script, render(step.run!, inputs, dir));
    // How the runner runs `shell: bash`.
    const cwd = step['working-directory'] ? render(step['working-directory'], inputs, dir) : dir;
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, encoding: 'utf8' });
    code = result.status ?? -1;
    stderr += result.stderr;
  }
  const argv = existsSync(argvFile) ? readFileSync(argvFile, 'utf8').split('\0').slice(0, -1) : undefined;
  return { argv, code, dir, output: readFileSync(outputFile, 'utf8'), stderr };
}

/** Every file and folder the run left in the work directory, but the test's own. */
const touched = (dir: string) => readdirSync(dir).filter((n) => !['stub-bin', 'runner-temp'].includes(n));

describe('action.yml', () => {
  it('no input is pasted into a script: run: blocks reference inputs only through env', () => {
    for (const step of ACTION.runs.steps) expect(step.run ?? '', step.name).not.toMatch(/\$\{\{\s*inputs\./);
  });

  it('a hostile input in every field does not execute, and each reaches xborder as one argument', () => {
    const hostile = {
      config: '$(touch pwned-config)',
      command: 'check; touch pwned-command',
      args: '--strict "$(touch pwned-args)" `touch pwned-backquote` ${HOME} *',
      junit: 'x.xml"; touch pwned-junit; echo "',
    };
    const { argv, code, dir, output } = runAction(hostile);
    expect(touched(dir)).toEqual([]);
    expect(argv).toEqual([
      '--config', '$(touch pwned-config)',
      'check;', 'touch', 'pwned-command',
      '--github', '--junit', 'x.xml"; touch pwned-junit; echo "',
      '--strict', '$(touch pwned-args)', '`touch', 'pwned-backquote`', '${HOME}', '*',
    ]);
    // xborder's exit code goes through, and is the action's output.
    expect(code).toBe(1);
    expect(output).toBe('exit-code=1\n');
  });

  it('keeps what users write: the defaults, a command with flags, quoted arguments with spaces', () => {
    expect(runAction({}).argv).toEqual(['check', '--github', '--junit', 'xborder-junit.xml']);
    const { argv } = runAction({ command: 'post-order --sample order-full', config: 'ci/xborder config.json', args: `--set 'Customer.FirstName=Jo Ann' --auth "header,basic"` });
    expect(argv).toEqual(['--config', 'ci/xborder config.json', 'post-order', '--sample', 'order-full', '--github', '--junit', 'xborder-junit.xml', '--set', 'Customer.FirstName=Jo Ann', '--auth', 'header,basic']);
  });

  it('an unmatched quote in args is a clear error (exit 2), and xborder does not run', () => {
    const { argv, code, stderr, output } = runAction({ args: `--set 'Customer.FirstName=Jo` });
    expect(argv).toBeUndefined();
    expect(code).toBe(2);
    expect(stderr).toContain('the args input has an unmatched quote');
    expect(output).toBe('exit-code=2\n');
  });
});

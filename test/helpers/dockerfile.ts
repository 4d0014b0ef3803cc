/**
 * Reads a Dockerfile into its stages and instructions (continuation lines joined, comments dropped),
 * and runs a stage's COPY, WORKDIR and RUN instructions without docker: each absolute container path
 * becomes a folder below a root of the test's own, COPY takes from the build context, RUN runs with
 * `sh -c` in the stage's working folder. A RUN that names an absolute path is refused, so a stage
 * run this way can write nothing outside its root.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** One instruction: its keyword (upper case) and the rest of the line. */
export interface Instruction {
  op: string;
  args: string;
}

/** One FROM and what follows it. */
export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of logical) {
    const m = /^(\w+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`cannot read the Dockerfile line ${line}`);
    const op = m[1]!.toUpperCase();
    const args = m[2]!;
    if (op === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      stages.push({ image: from[1]!, name: from[2], instructions: [] });
      continue;
    }
    if (stages.length === 0) throw new Error(`${op} before FROM`);
    stages.at(-1)!.instructions.push({ op, args });
  }
  return stages;
}

/** The last value an instruction takes in a stage (WORKDIR, USER, ENTRYPOINT...). */
export function lastOf(stage: Stage, op: string): string | undefined {
  return stage.instructions.filter((i) => i.op === op).at(-1)?.args;
}

/** A stage run by `runStage`: where its container paths live, and each RUN's result. */
export interface StageRun {
  root: string;
  /** The folder of a container path. */
  at(path: string): string;
  runs: { command: string; code: number | null; stdout: string; stderr: string }[];
}

/**
 * Runs a stage's COPY (from `context`), WORKDIR and RUN instructions below `root`, stopping at the
 * first RUN that fails. `env` is added to the environment of every RUN, which holds none of the
 * `npm_*` variables of the npm that may be running the tests (they would configure the npm inside).
 */
export function runStage(stage: Stage, context: string, root: string, env: Record<string, string> = {}): StageRun {
  const at = (path: string) => join(root, path);
  let workdir = '/';
  const run: StageRun = { root, at, runs: [] };
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));
  for (const { op, args } of stage.instructions) {
    if (op === 'WORKDIR') {
      workdir = args.startsWith('/') ? args : join(workdir, args);
      mkdirSync(at(workdir), { recursive: true });
    } else if (op === 'COPY') {
      if (args.startsWith('--')) throw new Error(`runStage copies from the build context only: COPY ${args}`);
      const parts = args.split(/\s+/);
      const dest = parts.pop()!;
      const target = dest.startsWith('/') ? at(dest) : join(at(workdir), dest);
      for (const source of parts) {
        const into = dest.endsWith('/') ? join(target, source.split('/').at(-1)!) : target;
        cpSync(join(context, source), into, { recursive: true });
      }
    } else if (op === 'RUN') {
      if (/(?:^|[\s=])\/(?!dev\/null\b)/.test(args)) throw new Error(`runStage runs no command naming an absolute path: RUN ${args}`);
      const r = spawnSync('sh', ['-c', args], { cwd: at(workdir), encoding: 'utf8', env: { ...base, ...env } });
      run.runs.push({ command: args, code: r.status, stdout: r.stdout, stderr: r.stderr });
      if (r.status !== 0) break;
    }
  }
  return run;
}

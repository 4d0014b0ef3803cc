/**
 * The CI recipes of the documentation cannot drift from what they run. Every ```yaml block of README.md,
 * ARCHITECTURE.md and docs/ parses. A GitHub Actions workflow is whole (`on`, `runs-on`, checkout
 * before the action, every action pinned to a major version), gives the xborder action only inputs
 * action.yml declares and reads only outputs it sets, passes secrets through `env:` only, publishes
 * the JUnit report the action wrote, and names artifacts per matrix entry. A GitLab pipeline installs
 * the tarball an earlier job packed, from a release tag of this version, and reports the JUnit file
 * its script writes. The docker commands of docs/ci.md match the Dockerfile. docs/ci.md's tables
 * list exactly the action's inputs (with their defaults) and outputs. Every xborder command a recipe
 * runs exists, with the flags given (asked of the built CLI).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readAction } from '../helpers/composite-action.js';
import { lastOf, parseDockerfile } from '../helpers/dockerfile.js';
import { runCli } from '../helpers/run-cli.js';
import { documentationFiles } from './console-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ACTION = readAction(join(ROOT, 'action.yml'));
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string }; repository: { url: string }; files: string[] };
const NODE_MAJOR = Number(/(\d+)/.exec(PKG.engines.node)![1]);
const CI_PAGE = join(ROOT, 'docs', 'ci.md');
const CI_TEXT = readFileSync(CI_PAGE, 'utf8');

/** A fenced block of a markdown file. */
interface Block { file: string; line: number; lang: string; text: string }

function fencedBlocks(file: string, langs: string[]): Block[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (open[1] && langs.includes(open[1])) blocks.push({ file: relative(ROOT, file), line: i + 1, lang: open[1], text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const YAML_BLOCKS = documentationFiles(ROOT).flatMap((f) => fencedBlocks(f, ['yaml', 'yml']));

interface Step { id?: string; name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown>; env?: Record<string, unknown> }
interface Job { 'runs-on'?: unknown; uses?: string; steps?: Step[]; strategy?: { matrix?: unknown }; permissions?: unknown }
interface Workflow { on?: unknown; permissions?: unknown; jobs: Record<string, Job> }
interface GitLabJob { stage?: string; image?: string | { name: string }; needs?: (string | { job: string })[]; variables?: Record<string, string>; script?: string[]; artifacts?: { when?: string; paths?: string[]; reports?: { junit?: string | string[] } } }

/** Every YAML document of every block, parsed. */
const DOCUMENTS = YAML_BLOCKS.flatMap((block) => parseAllDocuments(block.text).map((doc) => ({ block, doc, value: doc.toJS() as unknown })));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWorkflow = (v: unknown): v is Workflow => isObject(v) && isObject(v.jobs);
const gitLabJobs = (v: unknown): [string, GitLabJob][] => (isObject(v) && !('jobs' in v) ? (Object.entries(v).filter(([, j]) => isObject(j) && Array.isArray(j.script)) as [string, GitLabJob][]) : []);
const WORKFLOWS = DOCUMENTS.filter((d) => isWorkflow(d.value)).map((d) => ({ where: `${d.block.file}:${d.block.line}`, workflow: d.value as Workflow }));
const PIPELINES = DOCUMENTS.filter((d) => gitLabJobs(d.value).length > 0).map((d) => ({ where: `${d.block.file}:${d.block.line}`, pipeline: d.value as Record<string, unknown> }));

const isXborderAction = (uses: string | undefined) => uses !== undefined && /^xborder-dev\/xborder@/.test(uses);
const junitOf = (step: Step) => String(step.with?.junit ?? ACTION.inputs.junit!.default);

/** Shell words of one command line: quotes kept together (and removed), nothing expanded. */
function words(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The command lines of docs/ci.md's ```sh blocks, and its docker commands. */
const SH_LINES = fencedBlocks(CI_PAGE, ['sh']).flatMap((b) => b.text.split('\n'));
const DOCKER_BUILD = words(SH_LINES.find((l) => l.startsWith('docker build ')) ?? '');
const DOCKER_RUN = words(SH_LINES.find((l) => l.startsWith('docker run ')) ?? '');
const DOCKER_TAG = DOCKER_BUILD[DOCKER_BUILD.indexOf('-t') + 1];

/** Each xborder command line a recipe runs (the action's command and args, a pipeline's script, docker run's), with where it stands. */
function recipeCommands(): { where: string; argv: string[] }[] {
  const fromWorkflows = WORKFLOWS.flatMap(({ where, workflow }) =>
    Object.values(workflow.jobs).flatMap((job) =>
      (job.steps ?? []).filter((s) => isXborderAction(s.uses)).map((s) => ({
        where: `${where} step ${s.id ?? s.name ?? s.uses}`,
        argv: [...words(String(s.with?.command ?? ACTION.inputs.command!.default)), ...words(String(s.with?.args ?? ''))],
      })),
    ),
  );
  const fromPipelines = PIPELINES.flatMap(({ where, pipeline }) =>
    gitLabJobs(pipeline).flatMap(([name, job]) =>
      job.script!.flatMap((l) => l.split('\n')).flatMap((line) => {
        const run = /^\s*xborder\s+(.*)$/.exec(line);
        return run ? [{ where: `${where} job ${name}`, argv: words(run[1]!) }] : [];
      }),
    ),
  );
  const image = DOCKER_TAG === undefined ? -1 : DOCKER_RUN.indexOf(DOCKER_TAG);
  const fromDocker = image > 0 ? [{ where: 'docs/ci.md docker run', argv: DOCKER_RUN.slice(image + 1) }] : [];
  return [...fromWorkflows, ...fromPipelines, ...fromDocker];
}

describe('YAML in the documentation', () => {
  it('has recipes to check: a GitHub Actions workflow and a GitLab pipeline on docs/ci.md', () => {
    expect(WORKFLOWS.filter((w) => w.where.startsWith('docs/ci.md')).length).toBeGreaterThanOrEqual(1);
    expect(PIPELINES.filter((p) => p.where.startsWith('docs/ci.md')).length).toBeGreaterThanOrEqual(1);
  });

  it('every block parses', () => {
    const errors = DOCUMENTS.flatMap(({ block, doc }) => [...doc.errors, ...doc.warnings].map((e) => `${block.file}:${block.line}: ${e.message}`));
    expect(errors).toEqual([]);
  });

  it('a block that uses the xborder action is a whole workflow, not a list of steps', () => {
    const partial = DOCUMENTS.filter((d) => !isWorkflow(d.value) && /uses:\s*xborder-dev\/xborder@/.test(d.block.text)).map((d) => `${d.block.file}:${d.block.line}`);
    expect(partial).toEqual([]);
  });
});

describe('GitHub Actions workflows', () => {
  it('run as pasted and match action.yml', () => {
    const problems: string[] = [];
    for (const { where, workflow } of WORKFLOWS) {
      if (workflow.on === undefined) problems.push(`${where}: no on: (when the workflow runs)`);
      for (const [name, job] of Object.entries(workflow.jobs)) {
        const at = `${where} job ${name}`;
        if (job.uses) continue;
        if (!job['runs-on']) problems.push(`${at}: no runs-on`);
        const steps = job.steps ?? [];
        const ids = new Map(steps.filter((s) => s.id).map((s) => [s.id!, s]));
        const matrix = job.strategy?.matrix !== undefined;
        const checkout = steps.findIndex((s) => s.uses?.startsWith('actions/checkout@'));
        for (const [n, step] of steps.entries()) {
          const label = `${at} step ${step.id ?? step.name ?? step.uses ?? n}`;
          if ((step.uses === undefined) === (step.run === undefined)) problems.push(`${label}: needs one of uses: or run:`);
          if (step.uses && !step.uses.startsWith('./') && !/@(?:v\d+(?:\.\d+){0,2}|[0-9a-f]{40})$/.test(step.uses)) problems.push(`${label}: ${step.uses} is not pinned to a major version`);
          if (step.run?.includes('${{')) problems.push(`${label}: run: holds an expression; pass it through env: (as action.yml does)`);
          if (JSON.stringify([step.with ?? {}, step.run ?? '']).includes('secrets.')) problems.push(`${label}: a secret outside env:`);
          if (isXborderAction(step.uses)) {
            if (checkout < 0 || checkout > n) problems.push(`${label}: no actions/checkout before it (the config would not be there)`);
            for (const key of Object.keys(step.with ?? {})) if (!(key in ACTION.inputs)) problems.push(`${label}: with: ${key} is no input of action.yml`);
            const artifact = step.with?.['artifact-name'];
            if (matrix && artifact !== undefined && !/\$\{\{\s*(?:matrix\.|strategy\.job-index)/.test(String(artifact))) problems.push(`${label}: artifact-name ${String(artifact)} is the same for every matrix entry`);
          }
          if (step.uses?.startsWith('actions/upload-artifact@') && matrix && !/\$\{\{\s*(?:matrix\.|strategy\.job-index)/.test(String(step.with?.name ?? ''))) problems.push(`${label}: the artifact name is the same for every matrix entry`);
          const xborder = steps.find((s) => isXborderAction(s.uses));
          if (step.uses?.startsWith('mikepenz/action-junit-report@') || step.uses?.startsWith('dorny/test-reporter@')) {
            const path = String(step.with?.report_paths ?? step.with?.path ?? '');
            // The JUnit file comes from the action, or from an xborder command the job runs (report merge --junit F).
            const written = steps.flatMap((s) => [...(s.run ?? '').matchAll(/xborder(?:\.js)? [^\n]*--junit (\S+)/g)].map((m) => m[1]));
            if (!xborder && written.length === 0) problems.push(`${label}: publishes a JUnit report in a job that writes none (no xborder action, no xborder --junit)`);
            else if (xborder ? path !== junitOf(xborder) : !written.includes(path)) problems.push(`${label}: publishes ${path}, the job writes ${xborder ? junitOf(xborder) : written.join(', ')}`);
            if (!/always\(\)|!\s*cancelled\(\)|failure\(\)/.test(step.if ?? '')) problems.push(`${label}: runs only when xborder passed (needs if: always())`);
            const permissions = JSON.stringify(job.permissions ?? workflow.permissions ?? {});
            if (step.uses.startsWith('mikepenz/') && !/"checks":"write"/.test(permissions)) problems.push(`${label}: needs permissions: checks: write to create its check run`);
          }
        }
        for (const m of JSON.stringify(job).matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
          const step = ids.get(m[1]!);
          if (!step) problems.push(`${at}: steps.${m[1]} names no step of the job`);
          else if (isXborderAction(step.uses) && !(m[2]! in ACTION.outputs)) problems.push(`${at}: steps.${m[1]}.outputs.${m[2]} is no output of action.yml`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('docs/ci.md lists every input with its default, and every output, as action.yml declares them', () => {
    const table = (header: string) => {
      const start = CI_TEXT.split('\n').findIndex((l) => l.startsWith(`| ${header} |`));
      expect(start, `a table starting "| ${header} |"`).toBeGreaterThan(0);
      const rows = CI_TEXT.split('\n').slice(start + 2);
      return rows.slice(0, rows.findIndex((l) => !l.startsWith('|'))).map((l) => l.split('|').map((c) => c.trim()));
    };
    const inputs = table('input').map(([, name, def]) => [name!.replace(/`/g, ''), def === '(none)' ? '' : def!.replace(/^`|`$/g, '')]);
    expect(inputs).toEqual(Object.entries(ACTION.inputs).map(([name, spec]) => [name, spec.default ?? '']));
    expect(table('output').map(([, name]) => name!.replace(/`/g, ''))).toEqual(Object.keys(ACTION.outputs));
  });
});

describe('GitLab CI pipelines', () => {
  it('install the tarball an earlier job packed from this release, and report the JUnit file the script writes', () => {
    const problems: string[] = [];
    const repository = PKG.repository.url.replace(/^git\+/, '');
    for (const { where, pipeline } of PIPELINES) {
      const stages = (pipeline.stages as string[] | undefined) ?? ['build', 'test', 'deploy'];
      const jobs = new Map(gitLabJobs(pipeline));
      for (const [name, job] of jobs) {
        const at = `${where} job ${name}`;
        const script = job.script!.join('\n');
        const image = typeof job.image === 'string' ? job.image : job.image?.name;
        const major = /^node:(\d+)/.exec(image ?? '');
        if (/\b(?:npm|xborder)\b/.test(script) && (!major || Number(major[1]) < NODE_MAJOR)) problems.push(`${at}: image ${image} is no node:${NODE_MAJOR} or later`);
        for (const junit of [job.artifacts?.reports?.junit ?? []].flat()) {
          if (!script.includes(`--junit ${junit}`)) problems.push(`${at}: reports ${junit}, which its script does not write`);
          if (job.artifacts?.when !== 'always') problems.push(`${at}: artifacts only when it passed (needs when: always)`);
        }
        const ref = job.variables?.XBORDER_REF;
        if (ref !== undefined && ref !== `v${PKG.version}`) problems.push(`${at}: XBORDER_REF ${ref}, this release is v${PKG.version}`);
        if (/git clone/.test(script) && !script.includes(repository)) problems.push(`${at}: clones something other than ${repository}`);
        for (const line of job.script!.flatMap((l) => l.split('\n'))) {
          const install = /^\s*npm install -g .*?(\S+\.tgz)\s*$/.exec(line);
          if (install) {
            const folder = install[1]!.replace(/^\.\//, '').replace(/\/[^/]*$/, '');
            const needs = (job.needs ?? []).map((n) => (typeof n === 'string' ? n : n.job));
            const packer = needs.map((n) => [n, jobs.get(n)] as const).find(([, j]) => j?.script?.join('\n').includes(`npm pack --pack-destination "$CI_PROJECT_DIR/${folder}"`));
            if (!packer) problems.push(`${at}: installs ${install[1]}, which no job in needs: packs (npm pack --pack-destination "$CI_PROJECT_DIR/${folder}")`);
            else {
              if (!packer[1]!.artifacts?.paths?.includes(`${folder}/`)) problems.push(`${at}: ${packer[0]} does not pass ${folder}/ on as an artifact`);
              if (stages.indexOf(packer[1]!.stage ?? 'test') >= stages.indexOf(job.stage ?? 'test')) problems.push(`${at}: ${packer[0]} runs in a later or the same stage`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the container image', () => {
  const stages = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  const final = stages.at(-1)!;

  it('docs/ci.md builds it as the Dockerfile is made, and runs it where the Dockerfile works', () => {
    expect(DOCKER_BUILD.slice(0, 2)).toEqual(['docker', 'build']);
    expect(DOCKER_TAG).toBeDefined();
    expect(DOCKER_BUILD.at(-1)).toBe('.');
    expect(existsSync(join(ROOT, 'Dockerfile'))).toBe(true);

    const image = DOCKER_RUN.indexOf(DOCKER_TAG!);
    expect(image, `docker run uses the image ${DOCKER_TAG}`).toBeGreaterThan(1);
    const options = DOCKER_RUN.slice(2, image);
    const workdir = lastOf(final, 'WORKDIR');
    expect(options[options.indexOf('-v') + 1]).toBe(`$PWD:${workdir}`);
    expect(options[options.indexOf('-w') + 1]).toBe(workdir);
    // The image runs as its own user; --user runs it as the owner of the mounted folder.
    expect(lastOf(final, 'USER')).toBe('node');
    expect(options[options.indexOf('--user') + 1]).toBe('$(id -u):$(id -g)');
    // Secrets by name only: -e NAME takes the value from the shell, never from the command line.
    const passed = options.flatMap((o, i) => (o === '-e' ? [options[i + 1]!] : []));
    expect(passed.length).toBeGreaterThan(0);
    for (const name of passed) expect(name).toMatch(/^[A-Z_][A-Z0-9_]*$/);
    expect(lastOf(final, 'ENTRYPOINT')).toBe('["xborder"]');
  });

  it('what the page says of the image is what the Dockerfile makes', () => {
    const major = Number(/^node:(\d+)-slim$/.exec(final.image)![1]);
    expect(major).toBeGreaterThanOrEqual(NODE_MAJOR);
    expect(CI_TEXT).toContain(`Node ${major} slim`);
    expect(CI_TEXT).toContain('running as the `node` user');
    expect(CI_TEXT).toContain(`\`${lastOf(final, 'WORKDIR')}\` as the working folder`);
    expect(stages[0]!.instructions.filter((i) => i.op === 'RUN').map((i) => i.args).join('\n')).toMatch(/npm ci[^]*npm pack/);
  });

  it('the build stage copies every file the package is made of and built from', () => {
    const copied = stages[0]!.instructions.filter((i) => i.op === 'COPY' && !i.args.startsWith('--')).flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    const packaged = PKG.files.filter((f) => !f.startsWith('!') && f !== 'dist');
    const buildInputs = ['package.json', 'package-lock.json', 'scripts', 'src', 'tsconfig.json'];
    expect(copied).toEqual(expect.arrayContaining([...packaged, ...buildInputs]));
  });
});

describe('the xborder commands the recipes run', () => {
  it('exist, with the flags given', async () => {
    const commands = recipeCommands();
    // The action's, the pipeline's and docker run's at least.
    expect(commands.length).toBeGreaterThanOrEqual(3);
    const problems: string[] = [];
    for (const { where, argv } of commands) {
      const command = argv.find((w) => !w.startsWith('-'));
      if (!command) { problems.push(`${where}: no command in ${argv.join(' ')}`); continue; }
      const help = await runCli([command, '--help']);
      if (help.code !== 0) { problems.push(`${where}: xborder ${command} is no command (${help.stderr.trim().split('\n')[0]})`); continue; }
      for (const flag of argv.filter((w) => /^--?[a-z]/.test(w))) if (!new RegExp(`(?:^|[\\s,])${flag}\\b`, 'm').test(help.stdout)) problems.push(`${where}: xborder ${command} has no ${flag}`);
    }
    expect(problems).toEqual([]);
  });
});

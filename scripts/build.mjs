// Build: compile the JSON Schemas to standalone validators, then bundle src/ with esbuild.
// Dependencies stay external (installed by npm); commands are split into lazily loaded chunks so
// a command loads only what it uses.
import { build } from 'esbuild';
import { readFileSync, existsSync, rmSync, renameSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const compileSchemas = new URL('./compile-schemas.mjs', import.meta.url);
if (existsSync(compileSchemas)) {
  const r = spawnSync(process.execPath, [fileURLToPath(compileSchemas)], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Built beside dist and swapped in at the end, so a test running the CLI while another build runs
// sees the old or the new build, never a half-written one.
const staging = `dist.building-${process.pid}`;
rmSync(new URL(`../${staging}`, import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts', 'bench-kit': 'src/bench-kit.ts', 'validate-worker': 'src/bulk/worker.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: false,
  // Smaller chunks parse faster: the generated validators alone are several hundred KB of code.
  // XBORDER_BUILD_READABLE=1 keeps names, for a CPU profile that says where the time goes.
  minify: !process.env.XBORDER_BUILD_READABLE,
  define: { __XBORDER_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});

// `--version` loads this one file and nothing else: built on its own, outside the shared chunks.
await build({
  absWorkingDir: root,
  entryPoints: ['src/version.ts'],
  outfile: `${staging}/version.js`,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  define: { __XBORDER_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});

const dist = new URL('../dist', import.meta.url);
const old = new URL(`../dist.old-${process.pid}`, import.meta.url);
if (existsSync(dist)) renameSync(dist, old);
renameSync(new URL(`../${staging}`, import.meta.url), dist);
rmSync(old, { recursive: true, force: true });

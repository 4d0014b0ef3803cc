// `prepare`: npm runs it after `npm ci` in a clone and before packing a git dependency
// (`npm install -g git+https://...`), with the dev dependencies installed: then it builds. When they
// are not there (a folder linked before its `npm ci`), it says how to build instead of failing the
// install; the bin says the same when run unbuilt. A package from a tarball runs no script at all.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
try {
  require.resolve('esbuild');
} catch {
  process.stderr.write('xborder: build tools not installed here; run `npm ci && npm run build` in this folder to build it.\n');
  process.exit(0);
}
const build = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { stdio: 'inherit' });
process.exit(build.status ?? 1);

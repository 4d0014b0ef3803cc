// `prepare`: npm runs it after `npm ci` (or `npm install`) in a clone, with the dev dependencies
// installed: then it builds. When they are not there (a folder linked before its `npm ci`), it says
// how to build instead of failing the install; the bin says the same when run unbuilt. The packed
// package carries no `prepare` (scripts/pack-manifest.mjs takes it out for the time of `npm pack`),
// so installing a tarball runs no script and npm has none to warn about. `npm install -g git+URL`
// is no install route: npm (11.x, npm/cli#4148, #6984) prepares a global git dependency by running
// `npm install` in its temporary clone with the global flag inherited, which links the clone (soon
// deleted) into the global folder instead of installing the package built there.
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

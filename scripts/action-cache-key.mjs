// The GitHub Action's cache key (action.yml): xborder is built and installed once per key, then
// restored by actions/cache on every later run. The key is the package's version plus a digest of
// everything the build and the package read, so a release tag reuses one install per version while
// a branch ref (`@main`) or `uses: ./` never runs a build older than its sources. Files the build
// itself writes (node_modules, dist, the generated validators and types) are left out: a self-hosted
// runner that keeps the action's folder between jobs computes the same key after a build.
//
// Prints `version=`, `key=` and `home=` (where the install lives: $RUNNER_TEMP/xborder-action), one
// a line, for $GITHUB_OUTPUT. Reads RUNNER_OS, RUNNER_ARCH and RUNNER_TEMP as the runner sets them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What `npm pack` builds the package from, and what the package carries as it is. */
const SOURCES = ['package.json', 'package-lock.json', 'tsconfig.json', 'LICENSE', 'README.md', 'CHANGELOG.md', 'bin', 'scripts', 'src', 'schemas', 'samples'];
/** Folders the build or npm write: never an input of the key. */
const WRITTEN = new Set(['node_modules', 'dist', 'generated']);

/** Every file below `path` (or `path` itself), in no particular order. */
function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => !WRITTEN.has(e.name) && !e.name.startsWith('dist.'))
    .flatMap((e) => (e.isDirectory() || e.isFile() ? filesUnder(join(path, e.name)) : []));
}

const files = SOURCES.map((name) => join(root, name))
  .filter((path) => existsSync(path))
  .flatMap(filesUnder)
  .map((path) => relative(root, path).split(sep).join('/'))
  .sort();

const digest = createHash('sha256');
for (const file of files) {
  // Name and content, each with its length, so moving bytes between files changes the digest.
  const content = readFileSync(join(root, file));
  digest.update(`${file}\0${content.length}\0`).update(content);
}
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const os = process.env.RUNNER_OS || process.platform;
const arch = process.env.RUNNER_ARCH || process.arch;
const temp = process.env.RUNNER_TEMP;
if (!temp) {
  process.stderr.write('action-cache-key: RUNNER_TEMP is not set (this script runs inside the GitHub Action)\n');
  process.exit(2);
}
process.stdout.write(`version=${version}\nkey=xborder-${version}-${os}-${arch}-${digest.digest('hex').slice(0, 16)}\nhome=${join(temp, 'xborder-action')}\n`);

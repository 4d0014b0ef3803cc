// The manifest `npm pack` puts in the tarball: without the lifecycle scripts that run on install.
// The package ships built (prepack builds it), so an install of the tarball has nothing to prepare;
// yet npm lists a `prepare` it finds in a package from a tarball, a folder or git as an install
// script "not yet covered by allowScripts" and warns on every install. A clone still needs
// `prepare` (it is how `npm ci` builds it), so it leaves package.json only for the time of the pack:
//
//   node scripts/pack-manifest.mjs strip     (prepack, after the build)
//   node scripts/pack-manifest.mjs restore   (postpack)
//
// `strip` keeps the file as it was in package.json.prepack and `restore` moves it back byte for byte.
// npm runs no postpack when the pack fails, so a `strip` that finds a kept file restores it first:
// the next pack (or `restore` by hand) repairs a clone that an interrupted pack left stripped.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Lifecycle scripts npm runs when it installs a package (prepare: from git, a folder or a tarball). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];

const manifest = fileURLToPath(new URL('../package.json', import.meta.url));
const kept = `${manifest}.prepack`;

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

function strip() {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  const dropped = INSTALL_SCRIPTS.filter((name) => pkg.scripts?.[name] !== undefined);
  if (dropped.length === 0) return;
  copyFileSync(manifest, kept);
  for (const name of dropped) delete pkg.scripts[name];
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  writeFileSync(manifest, `${JSON.stringify(pkg, null, indent)}\n`);
}

const mode = process.argv[2];
if (mode === 'strip') strip();
else if (mode === 'restore') restore();
else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exit(2);
}

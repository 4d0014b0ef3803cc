// Writes docs/checks/<id>.md for every registered check, and docs/checks/README.md, from the
// registry (src/checks/check-pages.ts), so the pages are what `xborder checks ID` prints. Pages of
// checks no longer registered are removed. `--check` writes nothing and exits 1 when a file drifts.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs', 'checks');
const checkOnly = process.argv.includes('--check');

// The registry is TypeScript: bundled on the fly (dependencies included) into a scratch file.
const scratch = mkdtempSync(join(tmpdir(), 'xborder-check-docs-'));
let files;
try {
  const bundle = join(scratch, 'check-pages.mjs');
  await build({ absWorkingDir: root, entryPoints: ['src/checks/check-pages.ts'], outfile: bundle, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning', define: { __XBORDER_VERSION__: '"0.0.0"' }, banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } });
  const mod = await import(pathToFileURL(bundle).href);
  const missing = mod.checksWithoutPage();
  if (missing.length > 0) console.error(`checks without a page (write one in src/checks/docs/): ${missing.join(', ')}`);
  files = mod.checkDocFiles();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

mkdirSync(outDir, { recursive: true });
const present = readdirSync(outDir).filter((f) => f.endsWith('.md'));
const drift = [];
for (const [name, text] of files) {
  let old;
  try { old = readFileSync(join(outDir, name), 'utf8'); } catch { old = undefined; }
  if (old === text) continue;
  drift.push(name);
  if (!checkOnly) writeFileSync(join(outDir, name), text);
}
for (const name of present) {
  if (files.has(name)) continue;
  drift.push(`${name} (stale)`);
  if (!checkOnly) rmSync(join(outDir, name));
}
if (checkOnly && drift.length > 0) {
  console.error(`docs/checks drifted from the registry: ${drift.join(', ')}. Run npm run docs:checks.`);
  process.exit(1);
}
console.log(checkOnly ? 'docs/checks is up to date' : `docs/checks: ${files.size} files, ${drift.length} written or removed`);

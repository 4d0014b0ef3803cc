/**
 * The import and output invariants ARCHITECTURE.md states, checked by scanning src/: which modules
 * may import undici, ajv, inquirer and commander, that nothing imports src/cli from outside it, that
 * no module imports itself through others, and that nothing below src/cli prints or exits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');

/** Every TypeScript source file under src/, as a path relative to the repository with `/`. */
function sources(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push({ path: relative(ROOT, path).split(sep).join('/'), text: readFileSync(path, 'utf8') });
    }
  };
  walk(SRC);
  return out;
}

/** The module specifiers a file imports (static, re-exports and dynamic imports). */
function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g)) specs.push(m[1]!);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) specs.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
  return specs;
}

/** The text without comments, so a doc comment naming `process.exit` is not a call. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const FILES = sources();

/** Files outside `allowed` (path prefixes) that import a module matching `pattern`. */
function importersOutside(pattern: RegExp, allowed: string[]): string[] {
  return FILES.filter((f) => !allowed.some((a) => f.path.startsWith(a)) && importsOf(f.text).some((s) => pattern.test(s))).map((f) => f.path);
}

describe('ARCHITECTURE.md invariants', () => {
  it('reads the imports it checks (static, type-only, re-export and dynamic)', () => {
    expect(importsOf("import { request } from 'undici';\nimport type { Command } from 'commander';\nexport { x } from './y.js';\nconst m = await import('../actions/run.js');\nimport './side-effect.js';")).toEqual([
      'undici',
      'commander',
      './y.js',
      './side-effect.js',
      '../actions/run.js',
    ]);
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('only src/http imports undici', () => {
    expect(importersOutside(/^undici(\/|$)/, ['src/http/'])).toEqual([]);
    expect(importersOutside(/^undici(\/|$)/, []).length).toBeGreaterThan(0);
  });

  it('only src/validation imports ajv', () => {
    expect(importersOutside(/^ajv(-formats)?(\/|$)/, ['src/validation/'])).toEqual([]);
  });

  it('only src/cli/prompts.ts imports inquirer', () => {
    expect(importersOutside(/^@inquirer\//, ['src/cli/prompts.ts'])).toEqual([]);
  });

  it('only src/cli and src/completion import commander', () => {
    expect(importersOutside(/^commander$/, ['src/cli/', 'src/completion/'])).toEqual([]);
  });

  it('nothing outside src/cli imports from src/cli', () => {
    const offenders = FILES.filter((f) => !f.path.startsWith('src/cli/')).filter((f) =>
      importsOf(f.text).some((s) => s.startsWith('.') && join(ROOT, f.path, '..', s).startsWith(join(SRC, 'cli') + sep)),
    );
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it('nothing below src/cli prints or exits', () => {
    const printsOrExits = (text: string) => /\bconsole\.\w+\(|\bprocess\.(exit|stdout|stderr)\b|\bwriteSync\(\s*[12]\s*,/.test(code(text));
    const offenders = FILES.filter((f) => !f.path.startsWith('src/cli/')).filter((f) => printsOrExits(f.text));
    expect(offenders.map((f) => f.path)).toEqual([]);
    // The scan sees what it looks for: the stdio guard and the CLI entry both print or exit.
    expect(printsOrExits(FILES.find((f) => f.path === 'src/cli/guard-stdio.ts')!.text)).toBe(true);
    expect(printsOrExits(FILES.find((f) => f.path === 'src/cli/main.ts')!.text)).toBe(true);
  });

  it('no module imports itself through others (no circle of imports, type-only ones included)', () => {
    const known = new Set(FILES.map((f) => f.path));
    const edges = new Map<string, string[]>();
    for (const f of FILES) {
      const targets: string[] = [];
      for (const spec of importsOf(f.text)) {
        if (!spec.startsWith('.')) continue;
        const target = posix.normalize(posix.join(dirname(f.path), spec)).replace(/\.js$/, '.ts');
        if (known.has(target)) targets.push(target);
      }
      edges.set(f.path, targets);
    }
    const circles = circlesOf(edges);
    expect(circles.map((c) => c.join(' -> '))).toEqual([]);
    // The search sees a circle when there is one.
    expect(circlesOf(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
  });
});

/** One circle through each module that is on one (depth-first, each reported from where it closes). */
function circlesOf(edges: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

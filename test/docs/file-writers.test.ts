/**
 * The shared writer is the only one: every file and folder xborder writes goes through src/io/
 * (whole or not at all, private modes, never through a symbolic link; see ARCHITECTURE.md and
 * docs/security.md). This walks src/ with the TypeScript parser and fails on any use, outside
 * src/io/, of a node:fs function that writes (writeFile, appendFile, createWriteStream, copyFile,
 * rename, mkdir, an open for writing ...), whatever name or namespace it is imported under.
 */
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../helpers/files-under.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');

const FS_MODULES = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);

/** The node:fs functions that create, change or replace a file or folder by name. */
const WRITERS = new Set([
  'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createWriteStream',
  'copyFile', 'copyFileSync', 'cp', 'cpSync', 'rename', 'renameSync', 'link', 'linkSync',
  'symlink', 'symlinkSync', 'truncate', 'truncateSync', 'mkdir', 'mkdirSync', 'mkdtemp', 'mkdtempSync',
]);
/** Writers only with flags that write; read-only opens (bulk reading, JSON input) are fine. */
const OPENERS = new Set(['open', 'openSync']);

/** Flags of an open that only reads: none, 'r', or O_RDONLY with modifiers that write nothing. */
function readOnlyFlags(arg: ts.Expression | undefined, source: ts.SourceFile): boolean {
  if (arg === undefined) return true;
  if (ts.isStringLiteralLike(arg)) return /^(?:r|rs|sr)$/.test(arg.text);
  const parts = arg.getText(source).replace(/\s+/g, '').split('|');
  return parts.every((p) => /^(?:[\w.]+\.)?O_(?:RDONLY|NONBLOCK|NOFOLLOW|NOATIME|DIRECTORY|NOCTTY|CLOEXEC)$/.test(p));
}

/** Each use of a writing node:fs function in `text`, as `path:line name`. */
function fileWrites(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const named = new Map<string, string>(); // local name -> fs function
  const namespaces = new Set<string>(); // `import * as fs`, `import fs`, `import { promises }`
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!FS_MODULES.has(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) namespaces.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue;
        const imported = (element.propertyName ?? element.name).text;
        if (imported === 'promises') namespaces.add(element.name.text);
        else named.set(element.name.text, imported);
      }
    }
  }
  const found: string[] = [];
  const report = (node: ts.Node, name: string) => found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${name}`);
  /** The fs function an expression names: `writeFile`, `fs.writeFile`, `fs.promises.writeFile`, `promises.writeFile`. */
  const fsFunction = (node: ts.Node): string | undefined => {
    if (ts.isIdentifier(node)) return named.get(node.text);
    if (!ts.isPropertyAccessExpression(node)) return undefined;
    let owner = node.expression;
    if (ts.isPropertyAccessExpression(owner) && owner.name.text === 'promises') owner = owner.expression;
    return ts.isIdentifier(owner) && namespaces.has(owner.text) ? node.name.text : undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    const isName = ts.isIdentifier(node) || ts.isPropertyAccessExpression(node);
    // A property or declared name (`handle.writeFile`, `{ writeFile: ... }`) is not the imported binding.
    const parent = node.parent as ts.Node & { name?: ts.Node };
    const isMemberName =
      ts.isIdentifier(node) &&
      parent.name === node &&
      (ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent));
    const fn = isName && !isMemberName ? fsFunction(node) : undefined;
    if (fn !== undefined && WRITERS.has(fn)) {
      report(node, fn);
      return;
    }
    if (fn !== undefined && OPENERS.has(fn)) {
      const call = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent : undefined;
      // Passed around rather than called: what it will open cannot be told, so it counts.
      if (!call || !readOnlyFlags(call.arguments[1], source)) report(node, `${fn} (for writing)`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every TypeScript file under src/ outside src/io/, as a path relative to the repository with `/`. */
function sourcesOutsideIo(): Array<{ path: string; text: string }> {
  return filesUnder(SRC)
    .map((rel) => `src/${rel.split(sep).join('/')}`)
    .filter((path) => path.endsWith('.ts') && !path.startsWith('src/io/'))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

describe('every file xborder writes goes through src/io', () => {
  it('finds every kind of write, under any import form, and passes reads', () => {
    const sample = [
      "import { writeFile, open, readFile, mkdir as md } from 'node:fs/promises';",
      "import * as fs from 'node:fs';",
      "import fsDefault, { promises, openSync, createWriteStream, constants } from 'fs';",
      "import type { WriteStream } from 'node:fs';",
      'await writeFile(p, t);',
      'await md(d);',
      'fs.appendFileSync(p, t);',
      'await fs.promises.rename(a, b);',
      'await promises.copyFile(a, b);',
      'fsDefault.symlinkSync(a, b);',
      'createWriteStream(p);',
      "await open(p, 'a');",
      'openSync(p, constants.O_WRONLY | constants.O_CREAT);',
      'const later = open;',
      "await open(p, 'r');",
      'openSync(p, constants.O_RDONLY | constants.O_NONBLOCK);',
      'await open(p);',
      'await readFile(p);',
      'await handle.writeFile(t);',
      'const runners = { writeFile: async () => undefined, md };',
      'const w: WriteStream | undefined = undefined;',
      "// writeFile(p, t) in a comment is no call",
    ].join('\n');
    expect(fileWrites('x.ts', sample)).toEqual([
      'x.ts:5 writeFile',
      'x.ts:6 mkdir',
      'x.ts:7 appendFileSync',
      'x.ts:8 rename',
      'x.ts:9 copyFile',
      'x.ts:10 symlinkSync',
      'x.ts:11 createWriteStream',
      'x.ts:12 open (for writing)',
      'x.ts:13 openSync (for writing)',
      'x.ts:14 open (for writing)',
      'x.ts:20 mkdir',
    ]);
  });

  it('no module outside src/io writes a file or folder itself', () => {
    const files = sourcesOutsideIo();
    expect(files.length).toBeGreaterThan(100);
    // Only a file that imports node:fs can call it: the others need no parse.
    const importers = files.filter((f) => /from\s*['"](?:node:)?fs(?:\/promises)?['"]/.test(f.text));
    expect(importers.length).toBeGreaterThan(10);
    expect(importers.flatMap((f) => fileWrites(f.path, f.text))).toEqual([]);
    // The scan sees what it looks for: src/io itself writes with these functions.
    const io = ['atomic-write.ts', 'safe-dir.ts', 'append-file.ts'].flatMap((name) => fileWrites(`src/io/${name}`, readFileSync(join(SRC, 'io', name), 'utf8')));
    expect(io.some((w) => w.endsWith(' rename'))).toBe(true);
    expect(io.some((w) => w.endsWith(' mkdir'))).toBe(true);
    expect(io.some((w) => w.endsWith(' open (for writing)'))).toBe(true);
  });
});

/**
 * docs/reference/ is generated from the config schema and the commander program
 * (scripts/gen-docs.mjs): the committed pages must be what the code generates now, and the
 * generated pages must name every config key and every command and flag.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { defineCommands } from '../../src/cli/commands/index.js';
import { defineGlobalOptions } from '../../src/cli/global-options.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'gen-docs.mjs');

function genDocs(...args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
}

/** Every property path of a schema node (auth variants by their own keys). */
function schemaKeys(node: Record<string, any>, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [key, child] of Object.entries<Record<string, any>>(node.properties ?? {})) {
    keys.push(prefix + key);
    keys.push(...schemaKeys(child, `${prefix}${key}.`));
  }
  return keys;
}

describe('generated reference (npm run docs)', () => {
  it('the committed docs/reference pages are what the code generates (else: run npm run docs)', () => {
    const result = genDocs('--check');
    expect(result.stderr, 'run npm run docs').toBe('');
    expect(result.status).toBe(0);
  });

  it('--check fails, naming the page and npm run docs, when a committed page differs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-gen-docs-'));
    try {
      cpSync(join(ROOT, 'docs', 'reference'), dir, { recursive: true });
      const page = join(dir, 'flags.md');
      writeFileSync(page, readFileSync(page, 'utf8').replace('--merchant-url', '--merchant-uri'));
      const result = genDocs('--check', '--dir', dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('flags.md');
      expect(result.stderr).toContain('run npm run docs');
      expect(result.stderr).not.toContain('config.md');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('config.md names every key of the config schema, with its description', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'config.schema.json'), 'utf8'));
    const page = readFileSync(join(ROOT, 'docs', 'reference', 'config.md'), 'utf8');
    for (const key of schemaKeys({ properties: Object.fromEntries(Object.entries(schema.properties).filter(([k]) => k !== 'auth')) })) {
      expect(page, key).toContain(`| ${key} |`);
    }
    for (const variant of schema.properties.auth.items.oneOf) {
      expect(page).toContain(`### \`"mode": "${variant.properties.mode.const}"\``);
      for (const key of Object.keys(variant.properties)) expect(page).toContain(`| ${key} |`);
    }
    expect(page).toContain(schema.properties.merchant.properties.orderParams.description.slice(0, 60));
    // A default from the code's defaults layer: the platform's SendOrderToMerchant timeout.
    expect(page).toMatch(/\| timeoutMs \| integer \| `300000` \|/);
  });

  it('flags.md names every command and every flag of the program', () => {
    const program = new Command('xborder');
    defineGlobalOptions(program);
    defineCommands(program);
    const page = readFileSync(join(ROOT, 'docs', 'reference', 'flags.md'), 'utf8');
    const walk = (cmd: Command, prefix: string): void => {
      for (const sub of cmd.commands) {
        const name = `${prefix} ${sub.name()}`.trim();
        expect(page, name).toContain(`## \`xborder ${name}\``);
        for (const option of sub.options) expect(page, `${name} ${option.flags}`).toContain(`\`${option.flags}\``);
        walk(sub, name);
      }
    };
    walk(program, '');
    for (const option of program.options) expect(page).toContain(`\`${option.flags}\``);
  });

  it('the hand-written commands table (docs/commands.md) and the README name every command', () => {
    const program = new Command('xborder');
    defineCommands(program);
    const table = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const missing: string[] = [];
    for (const cmd of program.commands) {
      if (!new RegExp('`xborder ' + cmd.name() + '\\b').test(table)) missing.push(`docs/commands.md: ${cmd.name()}`);
      if (!new RegExp('`(xborder )?' + cmd.name() + '\\b').test(readme)) missing.push(`README.md: ${cmd.name()}`);
    }
    expect(missing).toEqual([]);
  });
});

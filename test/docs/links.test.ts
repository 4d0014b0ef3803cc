/**
 * Every relative link of README.md, ARCHITECTURE.md and docs/ leads somewhere: the file exists, and
 * an `#anchor` names a heading of it (as GitHub makes anchors from headings). Moving a section then
 * fails here instead of leaving a dead link.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentationFiles } from './console-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The text outside fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of prose(readFileSync(path, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(slug(m[1]!));
  return anchors;
}

describe('links in the documentation', () => {
  it('makes anchors as GitHub does', () => {
    expect(slug('`xborder mock platform`: a reference platform to try things on')).toBe('xborder-mock-platform-a-reference-platform-to-try-things-on');
    expect(slug("Carts: orders from the merchant's own carts")).toBe('carts-orders-from-the-merchants-own-carts');
  });

  it('every relative link names a file that exists and a heading it has', () => {
    const dead: string[] = [];
    let checked = 0;
    for (const file of documentationFiles(ROOT)) {
      for (const m of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        checked++;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? file : join(dirname(file), path);
        const where = `${relative(ROOT, file)}: ${target}`;
        if (!existsSync(resolved)) dead.push(`${where} (no such file)`);
        else if (anchor && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) dead.push(`${where} (no such heading)`);
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});

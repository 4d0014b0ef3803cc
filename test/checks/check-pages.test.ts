/** Every registered check has a page, written for it, and docs/checks holds exactly the generated pages. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/registry.js';
import { CHECK_PAGES } from '../../src/checks/docs/index.js';
import { checkDocFiles, checksWithoutPage } from '../../src/checks/check-pages.js';

const DOCS = fileURLToPath(new URL('../../docs/checks/', import.meta.url));

describe('check pages', () => {
  it('every registered check has a page (write one in src/checks/docs/ when you register a check)', () => {
    expect(checksWithoutPage()).toEqual([]);
  });

  it('no page is left for an id the registry no longer has', () => {
    const ids = new Set(allChecks().map((c) => c.id));
    expect(Object.keys(CHECK_PAGES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('each page says something of its own: why, a failing and a fixed answer that differ, a fix', () => {
    const whys = new Map<string, string>();
    const failings = new Map<string, string>();
    for (const check of allChecks()) {
      const page = check.page!;
      expect(page.why.length, `${check.id}: why`).toBeGreaterThan(80);
      expect(page.fix.length, `${check.id}: fix`).toBeGreaterThan(40);
      expect(page.failing.trim(), `${check.id}: failing`).not.toBe('');
      expect(page.failing, `${check.id}: the fixed answer is the failing one`).not.toBe(page.fixed);
      // Boilerplate shows as the same text under two ids.
      expect(whys.get(page.why), `${check.id} has the why of ${whys.get(page.why)}`).toBeUndefined();
      expect(failings.get(page.failing), `${check.id} has the failing answer of ${failings.get(page.failing)}`).toBeUndefined();
      whys.set(page.why, check.id);
      failings.set(page.failing, check.id);
    }
  });

  it('docs/checks is what the registry generates (npm run docs:checks when this fails)', () => {
    const expected = checkDocFiles();
    const present = readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort();
    expect(present).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(readFileSync(`${DOCS}${name}`, 'utf8'), `docs/checks/${name} drifted`).toBe(text);
  });

  it('the index links every page', () => {
    const index = checkDocFiles().get('README.md')!;
    for (const check of allChecks()) expect(index).toContain(`[${check.id}](${check.id}.md)`);
  });
});

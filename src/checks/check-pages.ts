/**
 * The generated check pages: each registered check's page as docs/checks/<id>.md, and the index
 * docs/checks/README.md. scripts/gen-check-docs.mjs writes them; test/checks/check-pages.test.ts
 * fails when the files drift from the registry or a registered check has no page.
 */
import { allChecks, type CheckInfo } from './registry.js';
import { renderCheckIndex, renderCheckPage, type PageSource } from './docs/index.js';

/** The registered checks that have a page, as what the renderer takes. */
export function pageSources(): PageSource[] {
  return allChecks().filter((c): c is CheckInfo & Required<Pick<CheckInfo, 'page'>> => c.page !== undefined).map((c) => ({ id: c.id, proves: c.proves, scope: c.scope, page: c.page }));
}

/** The registered checks without a page (a new check whose texts are not written yet). */
export function checksWithoutPage(): string[] {
  return allChecks().filter((c) => !c.page).map((c) => c.id);
}

/** Every generated file of docs/checks, by file name, with its content. */
export function checkDocFiles(): Map<string, string> {
  const sources = pageSources();
  const files = new Map<string, string>();
  for (const s of sources) files.set(`${s.id}.md`, renderCheckPage(s));
  files.set('README.md', renderCheckIndex(sources));
  return files;
}

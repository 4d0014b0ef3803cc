/**
 * A check's page as Markdown, as `xborder checks ID` prints it and docs/checks/ID.md holds it (one
 * renderer for both, so the files are the command's output and a test can tell when they drift).
 */
import type { CheckPage } from './types.js';

/** What a page is made of: the registration's id, one-line promise and scope, and its texts. */
export interface PageSource {
  id: string;
  proves: string;
  scope: readonly string[];
  page: CheckPage;
}

/** Where the page of check `id` lives in the repository (and the package's docs). */
export function checkDocsPath(id: string): string {
  return `docs/checks/${id}.md`;
}

/** The page of one check, Markdown, newline-terminated. */
export function renderCheckPage(source: PageSource): string {
  const { id, proves, scope, page } = source;
  return [
    `# ${id}`,
    '',
    `Proves: ${proves}.`,
    '',
    `Judged by: ${scope.join(', ')} (\`--checks ${id}\` runs only this check, \`--exclude-checks ${id}\` leaves it out).`,
    '',
    '## Why it matters',
    '',
    page.why,
    '',
    '## A failing answer',
    '',
    '```text',
    page.failing,
    '```',
    '',
    '## The fixed answer',
    '',
    '```text',
    page.fixed,
    '```',
    '',
    '## The usual fix',
    '',
    page.fix,
    '',
  ].join('\n');
}

/** docs/checks/README.md: every check, its one line, and a link to its page. */
export function renderCheckIndex(sources: readonly PageSource[]): string {
  const lines = [
    '# Checks',
    '',
    'Every check xborder judges, generated from the registry (`npm run docs:checks`; a test fails when',
    'these pages drift from it). `xborder checks ID` prints the same page in a terminal.',
    '',
    '| check | judged by | proves |',
    '|---|---|---|',
  ];
  for (const s of sources) lines.push(`| [${s.id}](${s.id}.md) | ${s.scope.join(', ')} | ${s.proves.replace(/\|/g, '\\|')} |`);
  return `${lines.join('\n')}\n`;
}

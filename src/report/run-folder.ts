/**
 * The run folder as files: report.json, report.html, junit.xml when asked, and for each failed or
 * errored case its request body, its response (status, headers, body) and a runnable reproduce.sh.
 * Pure: the (masked) RunResult in, paths and contents out; src/cli writes them.
 */
import type { CaseResult, RunResult } from '../model.js';
import { renderJson } from './json.js';
import { caseStatus } from './summary.js';

/** One file of the run folder, by its path inside the folder. */
export interface RunFile {
  path: string;
  content: string;
  /** 0o700 for scripts (runnable by their owner only: they hold a request); other files 0600. */
  mode?: number;
}

/** What else goes into the folder besides report.json. */
export interface RunFolderExtras {
  html?: string;
  junit?: string;
}

/** A file-name-safe slug of a case: `03-SendOrderToMerchant-order-full-header`. */
export function caseFolder(c: CaseResult, index: number): string {
  const slug = `${c.endpoint}-${c.variant}-${c.authMode}`.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 100);
  return `cases/${String(index + 1).padStart(3, '0')}-${slug}`;
}

/** The response as a person reads it: status line, headers, a blank line, the body. */
function responseText(c: CaseResult): string {
  if (!c.response) return `(no response: ${c.checks.flatMap((k) => k.findings.map((f) => f.message))[0] ?? 'the request did not complete'})\n`;
  const headers = Object.entries(c.responseHeaders ?? {}).map(([k, v]) => `${k}: ${v}`);
  return [`HTTP ${c.response.status} (${c.response.durationMs} ms)`, ...headers, '', c.responseBody ?? ''].join('\n');
}

/** Every file of the run folder; failed and errored cases get `reproducePath` set to their script. */
export function runFolderFiles(run: RunResult, extras: RunFolderExtras = {}): { files: RunFile[]; run: RunResult } {
  const files: RunFile[] = [];
  const cases = run.cases.map((c, i) => {
    if (!['failed', 'errored'].includes(caseStatus(c)) || !c.reproduce) return c;
    const dir = caseFolder(c, i);
    if (c.requestBody !== undefined) files.push({ path: `${dir}/request.json`, content: c.requestBody });
    files.push({ path: `${dir}/response.txt`, content: responseText(c) });
    files.push({ path: `${dir}/reproduce.sh`, content: c.reproduce, mode: 0o700 });
    return { ...c, reproducePath: `${dir}/reproduce.sh` };
  });
  const saved: RunResult = { ...run, cases };
  files.unshift({ path: 'report.json', content: renderJson(saved) });
  if (extras.html !== undefined) files.push({ path: 'report.html', content: extras.html });
  if (extras.junit !== undefined) files.push({ path: 'junit.xml', content: extras.junit });
  return { files, run: saved };
}

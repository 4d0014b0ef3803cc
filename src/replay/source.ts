/**
 * What `replay` sends again: the platform requests of a HAR file, or of a run folder (report.json).
 * A run folder keeps a request's body only for failed cases (and for every case of a `-v` run), so
 * a passing POST of an ordinary run cannot be replayed: it is listed as such, never guessed.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { CaseResult, RequestSpec } from '../model.js';
import { readHar } from '../har/read.js';
import { recordedVariant, RECORDED_AUTH, type NamedExchange } from '../judge/judge-list.js';
import { readReport } from '../diff/load.js';
import { escapeControls } from '../report/terminal-text.js';

/** One request to send again, named as its original case. */
export interface ReplayItem {
  variant: string;
  authMode: string;
  request: RequestSpec;
}

/** What a source holds: the requests to send, and the ones that cannot be sent again (and why). */
export interface ReplaySource {
  kind: 'har' | 'run';
  items: ReplayItem[];
  unreplayable: { variant: string; why: string }[];
  /** A run folder's own cases (a HAR's are judged by the caller from its exchanges). */
  cases?: CaseResult[];
  /** A HAR's recorded exchanges, named as their items. */
  recorded?: NamedExchange[];
}

/**
 * The recorded URL, checked: replay keeps its path and query and sends them to the target, so an
 * entry without a full http(s) URL cannot be replayed. `where` names the entry for the user.
 */
function checkedUrl(raw: string, where: string, file: string): void {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return;
  const shown = raw.length > 120 ? `${raw.slice(0, 119)}…` : raw;
  // `where` and the url are the recording's text: JSON quoting leaves C1 controls and bidi overrides raw.
  throw new InputError(`${file}: ${escapeControls(where)} has a request url that is not an http(s) URL: ${escapeControls(JSON.stringify(shown))}. Replay sends each entry's path and query to the target, so every entry needs a full URL (http://host/path); fix or remove that entry. Nothing was sent.`, file);
}

/** Reads a HAR file or a run folder; an entry whose url is not a URL is an InputError naming it (exit 2). */
export async function loadReplaySource(path: string): Promise<ReplaySource> {
  let isDir = false;
  try {
    isDir = (await stat(path)).isDirectory();
  } catch {
    throw new InputError(`Cannot read ${path}: no such file or folder (give a .har file or a run folder such as .xborder/runs/<time>).`, path);
  }
  if (!isDir) {
    const entries = await readHar(path);
    for (const e of entries) checkedUrl(e.exchange.request.url, `entry #${e.index} (log.entries[${e.index - 1}])`, path);
    const recorded = entries.map((e) => ({ exchange: e.exchange, variant: recordedVariant(e.index, e.exchange.request.method, e.exchange.request.url), authMode: RECORDED_AUTH }));
    return { kind: 'har', items: recorded.map((r) => ({ variant: r.variant, authMode: r.authMode, request: r.exchange.request })), unreplayable: [], recorded };
  }
  const run = await readReport(join(path, 'report.json'));
  const items: ReplayItem[] = [];
  const unreplayable: ReplaySource['unreplayable'] = [];
  const report = join(path, 'report.json');
  run.cases.forEach((c, i) => checkedUrl(String(c.request.url), `case #${i + 1} (cases[${i}], ${c.endpoint} ${c.variant})`, report));
  for (const c of run.cases) {
    // A negative case was sent without (or with wrong) credentials on purpose: replay applies the
    // current ones, so it would be another request; `xborder check` sends those itself.
    if (/negative/i.test(c.variant)) {
      unreplayable.push({ variant: `${c.endpoint} ${c.variant} [auth ${c.authMode}]`, why: 'negative cases (sent without valid credentials on purpose) are sent by `xborder check`, not replayed' });
      continue;
    }
    if (c.request.method === 'POST' && c.requestBody === undefined) {
      unreplayable.push({ variant: `${c.endpoint} ${c.variant} [auth ${c.authMode}]`, why: 'the run folder keeps request bodies only for failed cases (record with `xborder proxy --har`, or run with -v)' });
      continue;
    }
    items.push({ variant: c.variant, authMode: c.authMode, request: { method: c.request.method, url: c.request.url, headers: { ...c.request.headers }, ...(c.requestBody !== undefined ? { body: c.requestBody } : {}) } });
  }
  return { kind: 'run', items, unreplayable, cases: run.cases };
}

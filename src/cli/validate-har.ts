/**
 * `xborder validate FILE.har`: every exchange of a HAR file (the proxy's, a browser's devtools,
 * Charles, mitmproxy) judged by the one judge: requests to the configured endpoints validated as the
 * platform's payloads, answers as the merchant's; other entries listed as skipped. The paths, the
 * merchant's GUID and the timeout come from the config (-c), as for `check`.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { readHar } from '../har/read.js';
import { learnHeaderCredentials } from '../proxy/credentials.js';
import { recordedQueryCredentials } from '../replay/credentials.js';
import { judgeList, recordedVariant, type NamedExchange } from '../judge/judge-list.js';
import { openSession } from './session.js';
import { merchantContextFor } from './merchant-run.js';
import { reportRecorded } from './recorded-report.js';
import { escapeControls } from '../report/terminal-text.js';

/** Judges the HAR files among `opts.files` (all of them must be HAR). Returns the exit code. */
export async function validateHar(opts: { files?: string[]; strict?: boolean; as?: string }, cmd: Command): Promise<number> {
  const files = opts.files ?? [];
  const others = files.filter((f) => !/\.har$/i.test(f));
  if (others.length > 0) throw new UsageError(`validate: give HAR files and payload files in separate runs (HAR: ${files.filter((f) => !others.includes(f)).join(', ')}; payloads: ${others.join(', ')}).`);
  if (opts.as !== undefined) throw new UsageError('validate: --as applies to payload files; a HAR file\'s exchanges are told by their endpoint (the configured paths).');
  const session = await openSession({}, cmd);
  const ctx = merchantContextFor(session, { strict: opts.strict });
  const list: NamedExchange[] = [];
  for (const file of files) {
    const prefix = files.length > 1 ? `${file} ` : '';
    for (const entry of await readHar(file)) {
      // A recording made in clear (devtools) carries the platform's credentials: masked wherever echoed, decoded Basic too.
      learnHeaderCredentials(session.redactor, entry.exchange.request.headers, session.config);
      for (const value of recordedQueryCredentials(entry.exchange.request.url, session.config.auth)) session.redactor.add(value);
      list.push({ exchange: entry.exchange, variant: `${prefix}${recordedVariant(entry.index, entry.exchange.request.method, entry.exchange.request.url)}` });
    }
  }
  const { cases, skipped } = judgeList(ctx, list);
  if (!session.globals.json) session.output.err(`${escapeControls(files.join(', '))}: ${list.length} entr${list.length === 1 ? 'y' : 'ies'}, ${cases.length} judged, ${skipped.length} skipped\n`);
  return (await reportRecorded(session, ctx, { save: false }, cases, skipped, 'validate')).code;
}

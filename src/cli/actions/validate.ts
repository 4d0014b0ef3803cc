/**
 * `xborder validate FILE...`: validates captured payloads offline. Each file (or stdin) holds one JSON
 * document or NDJSON (streamed in constant memory); each document is validated as the kind given by
 * --as or told from its shape. Exit 0 when nothing failed (warnings allowed), 1 when a document
 * fails (an NDJSON line that is no JSON fails the `json` check: the run reads on), 2 for unreadable
 * input or a file that is no JSON, 3 when a check could not judge. Reading, worker
 * threads (--jobs) and input order are src/bulk's; this file wires options, report and progress.
 */
import { terminalWidth } from '../../report/width.js';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { judge } from '../../bulk/judge.js';
import { inputSizes } from '../../bulk/read-small.js';
import { validateInputs, type BulkCounters } from '../../bulk/validate-inputs.js';
import { InputError, UsageError } from '../../errors.js';
import { Redactor } from '../../redact/redactor.js';
import { VERSION } from '../../version.js';
import { PAYLOAD_KINDS, isPayloadKind, type PayloadKind } from '../../validation/index.js';
import { parsePointer } from '../../validation/pointer.js';
import { createOutput, type GlobalOptions } from '../output.js';
import { startCountProgress } from '../progress.js';
import { Totals, jsonReport, tableReport, type ValidateReport, type ValueMask } from '../validate-report.js';

/** Options of the validate command. */
export interface ValidateCommandOptions {
  files?: string[];
  as?: string;
  strict?: boolean;
  /** Worker threads (a whole number as typed); default: one per core. */
  jobs?: string;
}

/** The most threads --jobs accepts. */
const MAX_JOBS = 64;

const SHOW_SECRETS_WARNING = '--show-secrets: secrets and card data are printed in clear. Use only for local debugging.';

/** Runs the command; returns the exit code (input problems throw InputError/UsageError, exit 2). */
export async function run(opts: ValidateCommandOptions, cmd: Command): Promise<number> {
  // HAR files are exchanges, not payloads: judged by the one judge (src/judge) in validate-har.ts.
  if (opts.files?.some((f) => /\.har$/i.test(f))) return (await import('../validate-har.js')).validateHar(opts, cmd);
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const forced = kindOption(opts.as);
  const files = inputsOf(opts.files);
  const jobs = jobsOption(opts.jobs);
  const sizes = inputSizes(files);

  // Validation knows no configured secret: the redactor masks card data, CVVs, PINs and tokens.
  const redactor = new Redactor();
  const output = createOutput({ globals, mask: (text) => redactor.text(text) });
  if (globals.showSecrets) output.warn(SHOW_SECRETS_WARNING);
  const mask: ValueMask = globals.showSecrets ? (v) => v : (value, path) => redactor.jsonAt(value, path ? parsePointer(path) : []);

  const totals = new Totals();
  const report: ValidateReport = globals.json
    ? jsonReport(output, totals, { name: 'xborder', version: VERSION }, mask)
    : await tableReport(output, totals, mask, { verbose: globals.verbose === true, width: terminalWidth(process.stdout, process.env) });

  const counters: BulkCounters = { documents: 0, bytes: 0, filesDone: 0, files: files.length };
  const progress = startCountProgress(
    output,
    () => ({ count: counters.documents, bytes: counters.bytes, totalBytes: counters.totalBytes, filesDone: counters.filesDone, files: counters.files }),
    { intervalMs: intervalOf(process.env.XBORDER_PROGRESS_INTERVAL_MS) },
  );
  try {
    await validateInputs({
      files,
      sizes,
      jobs,
      threads: opts.jobs === undefined ? 'when-worth-it' : 'asked',
      judge: { forced, strict: opts.strict === true },
      stdin: process.stdin,
      counters,
      deliver: (result) => {
        if ((counters.documents & 15) === 0) progress.poll();
        return report.document(result);
      },
    });
  } catch (error) {
    progress.stop();
    if (error instanceof InputError) {
      await report.finish({ message: error.message, file: error.file, line: error.line, column: error.column });
    }
    throw error;
  }
  progress.stop();
  await report.finish();
  return totals.exitCode();
}

/** The files to read: as given, or stdin when none (refused on a terminal: it would wait forever). */
function inputsOf(files: string[] | undefined): string[] {
  if (files && files.length > 0) {
    if (files.filter((f) => f === '-').length > 1) throw new UsageError('stdin ("-") can be read only once.');
    if (files.includes('-') && process.stdin.isTTY) throw new UsageError('"-" reads stdin, but stdin is a terminal: pipe a payload in (xborder validate - < order.json).');
    return files;
  }
  if (process.stdin.isTTY) throw new UsageError('No input: give FILE... or pipe JSON / NDJSON on stdin (xborder validate - < orders.ndjson).');
  return ['-'];
}

function kindOption(value: string | undefined): PayloadKind | undefined {
  if (value === undefined) return undefined;
  if (isPayloadKind(value)) return value;
  throw new UsageError(`--as must be one of ${PAYLOAD_KINDS.join(', ')} (got ${JSON.stringify(value)}).`);
}

/** --jobs: a whole number from 1 to MAX_JOBS; by default one per core (1 on a single core). */
function jobsOption(value: string | undefined): number {
  if (value === undefined) return Math.max(1, Math.min(MAX_JOBS, availableParallelism()));
  const jobs = Number(value);
  if (!/^\d+$/.test(value.trim()) || jobs < 1 || jobs > MAX_JOBS) throw new UsageError(`--jobs: expected a whole number from 1 to ${MAX_JOBS}, got ${JSON.stringify(value)}.`);
  return jobs;
}

/** XBORDER_PROGRESS_INTERVAL_MS: the spacing of plain progress lines (tests shorten it); unset or invalid: the default. */
function intervalOf(value: string | undefined): number | undefined {
  const ms = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(ms) && ms >= 1 ? ms : undefined;
}

/** Validates one document (re-exported: judged the same way on every thread). */
export { judge };

/**
 * `xborder validate FILE...`: validates captured payloads offline. Each file (or stdin) holds one JSON
 * document or NDJSON (streamed in constant memory); each document is validated as the kind given by
 * --as or told from its shape. Exit 0 when nothing failed (warnings allowed), 1 when a document
 * fails, 2 for unreadable input or malformed JSON, 3 when a check could not judge.
 */
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import type { CheckResult } from '../../model.js';
import { Redactor } from '../../redact/redactor.js';
import { VERSION } from '../../version.js';
import { PAYLOAD_KINDS, detectKind, isPayloadKind, validatePayload, type PayloadKind } from '../../validation/index.js';
import { parsePointer } from '../../validation/pointer.js';
import { assertReadable, readDocuments, type InputDocument } from '../ndjson.js';
import { createOutput, type GlobalOptions } from '../output.js';
import { Totals, jsonReport, tableReport, type ValidateReport, type ValueMask } from '../validate-report.js';

/** Options of the validate command. */
export interface ValidateCommandOptions {
  files?: string[];
  as?: string;
  strict?: boolean;
}

const SHOW_SECRETS_WARNING = '--show-secrets: secrets and card data are printed in clear. Use only for local debugging.';

/** Runs the command; returns the exit code (input problems throw InputError/UsageError, exit 2). */
export async function run(opts: ValidateCommandOptions, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const forced = kindOption(opts.as);
  const files = inputsOf(opts.files);
  for (const file of files) await assertReadable(file);

  // Validation knows no configured secret: the redactor masks card data, CVVs, PINs and tokens.
  const redactor = new Redactor();
  const output = createOutput({ globals, mask: (text) => redactor.text(text) });
  if (globals.showSecrets) output.warn(SHOW_SECRETS_WARNING);
  const mask: ValueMask = globals.showSecrets ? (v) => v : (value, path) => maskAt(redactor, value, path);

  const totals = new Totals();
  const report: ValidateReport = globals.json
    ? jsonReport(output, totals, { name: 'xborder', version: VERSION }, mask)
    : await tableReport(output, totals, mask, { verbose: globals.verbose === true, width: process.stdout.isTTY ? process.stdout.columns : undefined });

  try {
    for (const file of files) {
      await readDocuments(file, (input) => report.document(judge(input, forced, opts.strict === true)));
    }
  } catch (error) {
    if (error instanceof InputError) {
      await report.finish({ message: error.message, file: error.file, line: error.line, column: error.column });
    }
    throw error;
  }
  await report.finish();
  return totals.exitCode();
}

/**
 * `value` masked as the redactor masks it in its place in the document: it is rebuilt inside the
 * keys of its pointer (PaymentDetails > CardNumber, CardFields > any field), masked, and read back.
 */
function maskAt(redactor: Redactor, value: unknown, path: string | undefined): unknown {
  const tokens = path ? parsePointer(path) : [];
  // A computed key makes an own property, even for "__proto__".
  let masked = redactor.json(tokens.reduceRight<unknown>((inner, token) => ({ [token]: inner }), value));
  for (const token of tokens) masked = (masked as Record<string, unknown>)[token];
  return masked;
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

/** Validates one document as the forced kind or the kind its shape tells. */
export function judge(input: InputDocument, forced: PayloadKind | undefined, strict: boolean): { source: string; line?: number; kind: PayloadKind | undefined; checks: CheckResult[] } {
  const kind = forced ?? detectKind(input.doc);
  if (kind === undefined) {
    return { source: input.source, line: input.line, kind: undefined, checks: [undetectable(input.doc)] };
  }
  return { source: input.source, line: input.line, kind, checks: validatePayload(kind, input.doc, { strict }) };
}

function undetectable(doc: unknown): CheckResult {
  const shape = doc === null ? 'null' : Array.isArray(doc) ? 'an array' : typeof doc === 'object' ? 'an object with none of the markers' : `a ${typeof doc}`;
  return {
    id: 'kind',
    title: 'Payload kind',
    status: 'failed',
    findings: [
      {
        message: `cannot tell which payload this is (${shape}: ResponseInfo, CardFields, IsValid, Code+Error, productsList, MerchantGUID+OrderId); pass --as KIND`,
        path: '',
        expected: PAYLOAD_KINDS.join(' | '),
        actual: Array.isArray(doc) ? 'array' : doc === null ? 'null' : typeof doc,
        severity: 'error',
      },
    ],
  };
}

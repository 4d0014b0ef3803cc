/**
 * `xborder decode`: reads a payload from a file or stdin, decodes its URL-encoded values (value by
 * value, by evidence) and prints them as a table (path, raw, decoded, note) followed by the notes or,
 * with --json, `{ "kind", "payload", "findings" }`: the payload's kind (null when none is told), the
 * payload with the values decoded, and the notes as findings. Card data is masked by key
 * (Redactor.json) and every byte passes the output mask.
 */
import type { Command } from 'commander';
import type { Finding } from '../../model.js';
import { decodePayload, type DecodedValue } from '../../decode/payload-decode.js';
import { renderDecodeTable } from '../../decode/render-table.js';
import { terminalWidth } from '../../report/width.js';
import { InputError } from '../../errors.js';
import { readJsonFile, readJsonStdin } from '../../io/parse-json.js';
import { Redactor } from '../../redact/redactor.js';
import { MAX_DEPTH, tooDeepAt } from '../../validation/depth.js';
import { detectKind } from '../../validation/kinds.js';
import { getAt } from '../../validation/pointer.js';
import { createOutput, type GlobalOptions } from '../output.js';

const SHOW_SECRETS_WARNING = '--show-secrets: secrets and card data are printed in clear. Use only for local debugging.';

/** Options of the decode command. */
export interface DecodeOptions {
  file?: string;
  all?: boolean;
}

/** Runs the command; returns the exit code (0; bad input throws InputError/UsageError, exit 2). */
export async function run(opts: DecodeOptions, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions & DecodeOptions;
  const redactor = new Redactor();
  const output = createOutput({ globals, mask: (s) => redactor.text(s) });
  if (globals.showSecrets) output.warn(SHOW_SECRETS_WARNING);
  const doc = await readInput(opts.file);
  // Masking and printing recurse; no payload of the interface comes near this depth.
  const deep = tooDeepAt(doc);
  if (deep !== undefined) {
    const source = opts.file === undefined || opts.file === '-' ? '<stdin>' : opts.file;
    throw new InputError(`${source}: the payload nests deeper than ${MAX_DEPTH} levels (at ${deep.slice(0, 80)}${deep.length > 80 ? '…' : ''}); no payload of the interface does, and .NET JSON readers refuse it.`, source);
  }
  const { decoded, values, notes } = decodePayload(doc, { all: opts.all === true });
  const show = <T>(v: T): T => (globals.showSecrets ? v : redactor.json(v));
  const kind = detectKind(doc) ?? null;
  const shownDoc = show(doc);
  const findings = maskFindings(notes, doc, shownDoc);
  if (globals.json) {
    output.out(`${JSON.stringify({ kind, payload: show(decoded), findings }, null, 2)}\n`);
    return 0;
  }
  const table = { color: output.color, all: opts.all === true, cart: kind === 'cart', width: terminalWidth(process.stdout, process.env) };
  output.out(renderDecodeTable(maskValues(values, shownDoc, show(decoded)), table, findings));
  return 0;
}

/** The payload from FILE, or stdin for none or "-". */
async function readInput(file: string | undefined): Promise<unknown> {
  if (file !== undefined && file !== '-') return readJsonFile(file);
  return readJsonStdin('xborder decode - < order.json');
}

/**
 * Takes each row's raw and decoded text from the redacted documents, so a value the redactor masks
 * by its key (CardNumber, CVVNumber ...) is masked in the table as well.
 */
function maskValues(values: DecodedValue[], rawDoc: unknown, decodedDoc: unknown): DecodedValue[] {
  return values.map((v) => {
    const raw = getAt(rawDoc, v.path);
    const decoded = getAt(decodedDoc, v.path);
    return { ...v, raw: typeof raw === 'string' ? raw : v.raw, decoded: typeof decoded === 'string' ? decoded : v.decoded };
  });
}

/**
 * A finding about a value the redactor masks by its key (a card field decoded with --all) shows the
 * masked value, not the value it quotes.
 */
function maskFindings(findings: Finding[], rawDoc: unknown, maskedDoc: unknown): Finding[] {
  return findings.map((f) => {
    if (f.path === undefined) return f;
    const raw = getAt(rawDoc, f.path);
    const masked = getAt(maskedDoc, f.path);
    return typeof raw === 'string' && masked !== raw ? { ...f, actual: masked, expected: masked } : f;
  });
}

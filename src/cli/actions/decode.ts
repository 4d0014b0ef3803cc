/**
 * `xborder decode`: reads a payload from a file or stdin, decodes its URL-encoded values (value by
 * value, by evidence) and prints them as a table (path, raw, decoded, note) followed by the notes or,
 * with --json, `{ "kind", "payload", "findings" }`: the payload's kind (null when none is told), the
 * payload with the values decoded, and the notes as findings. Card data is masked by key
 * (Redactor.json) and every byte passes the output mask. A payload whose whole text was URL-encoded
 * is decoded first and said so; one encoded value (not JSON, on one line) is decoded on its own
 * (`payload` is then the decoded string, `kind` null).
 */
import type { Command } from 'commander';
import type { Finding } from '../../model.js';
import { readDecodeInput, type DecodeInput } from '../../decode/decode-input.js';
import { decodePayload, type DecodedValue } from '../../decode/payload-decode.js';
import { renderDecodeTable } from '../../decode/render-table.js';
import { renderDecodedValue } from '../../decode/render-value.js';
import { fitLines, terminalWidth } from '../../report/width.js';
import { InputError } from '../../errors.js';
import { readInputText, readTextFile } from '../../io/parse-json.js';
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
  const input = await readInput(opts.file);
  if (input.kind === 'value') {
    const { raw, decoded, notes } = input;
    output.out(globals.json ? `${JSON.stringify({ kind: null, payload: decoded, findings: notes }, null, 2)}\n` : `${fitLines(renderDecodedValue(raw, decoded, notes).trimEnd(), width())}\n`);
    return 0;
  }
  const doc = input.doc;
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
    output.out(`${JSON.stringify({ kind, payload: show(decoded), findings: input.wholeEncoded ? [input.wholeEncoded, ...findings] : findings }, null, 2)}\n`);
    return 0;
  }
  // Said once, first: everything below is read from the decoded text.
  if (input.wholeEncoded) output.out(`${fitLines(`Note: ${input.wholeEncoded.message}.`, width())}\n`);
  const table = { color: output.color, all: opts.all === true, cart: kind === 'cart', width: width() };
  output.out(renderDecodeTable(maskValues(values, shownDoc, show(decoded)), table, findings));
  return 0;
}

const width = () => terminalWidth(process.stdout, process.env);

const HOW = 'xborder decode - < order.json, or echo \'Hertzel+12%2C+Tel+Aviv\' | xborder decode';

/** The payload or value from FILE, or stdin for none or "-". */
async function readInput(file: string | undefined): Promise<DecodeInput> {
  if (file !== undefined && file !== '-') return readDecodeInput(await readTextFile(file), file);
  if (process.stdin.isTTY) throw new InputError(`No input: stdin is a terminal. Pipe a JSON payload or one encoded value in (${HOW}).`, '<stdin>');
  const text = await readInputText(process.stdin, '<stdin>');
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new InputError(`<stdin>: no input (stdin was empty). Pipe a JSON payload or one encoded value in (${HOW}).`, '<stdin>');
  return readDecodeInput(text, '<stdin>');
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

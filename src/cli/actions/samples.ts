/**
 * `xborder samples list` and `xborder samples show NAME`: the built-in payloads, optionally with
 * `--set` overrides and decoded. The samples' own test data are shown as they are; values the user
 * sets go through the redactor unless --show-secrets.
 */
import type { Command } from 'commander';
import { renderGrid, type GridColumn } from '../../report/grid.js';
import { fitLines, terminalWidth } from '../../report/width.js';

/** Past this a description line gets hard to read, however wide the terminal. */
const MAX_LIST_WIDTH = 120;
import { UsageError } from '../../errors.js';
import { listSamples, findSample, loadSample } from '../../samples/catalog.js';
import { applyOverrides } from '../../samples/override.js';
import { decodePayload } from '../../decode/payload-decode.js';
import { Redactor } from '../../redact/redactor.js';
import { createOutput, type GlobalOptions } from '../output.js';

const SHOW_SECRETS_WARNING = '--show-secrets: secrets and card data are printed in clear. Use only for local debugging.';

/** Options of `samples show`. */
export interface ShowOptions {
  name: string;
  set?: string[];
  decoded?: boolean;
}

/**
 * `samples list`: a table (name, kind, description), or a JSON array with --json. `word` is what
 * followed `samples` when it is no subcommand (list is the default): a UsageError saying so.
 */
export async function runList(cmd: Command, word?: string): Promise<number> {
  if (word !== undefined) {
    const hint = listSamples().some((s) => s.name === word || `${s.name}.json` === word) ? ` To print that sample: xborder samples show ${word}` : ' Run xborder samples list for the sample names.';
    throw new UsageError(`"${word}" is not a samples command (list, show).${hint}`);
  }
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const redactor = new Redactor();
  const output = createOutput({ globals, mask: (s) => redactor.text(s) });
  if (globals.showSecrets) output.warn(SHOW_SECRETS_WARNING);
  const samples = listSamples();
  if (globals.json) {
    output.out(`${JSON.stringify(samples.map(({ name, kind, description, file }) => ({ name, kind, description, file })), null, 2)}\n`);
    return 0;
  }
  const rows = samples.map((s) => [s.name, s.kind, s.description]);
  const width = terminalWidth(process.stdout, process.env);
  const columns: GridColumn[] = [{ title: 'name' }, { title: 'kind' }, { title: 'description', readable: 30, block: 'line' }];
  const table = renderGrid(columns, rows, { width: Math.min(width, MAX_LIST_WIDTH), color: output.color, rules: true });
  output.out(`${table}\n${fitLines(`${samples.length} samples; show one with: xborder samples show NAME`, width)}\n`);
  return 0;
}

/** `samples show NAME`: the sample as pretty JSON, overrides applied, optionally decoded. */
export async function runShow(opts: ShowOptions, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  // The document is masked value by value below (keys, card numbers) and the samples' own test
  // values are then put back; a text mask on top would mask those public values again.
  const redactor = new Redactor();
  const output = createOutput({ globals, mask: (s) => s });
  if (globals.showSecrets) output.warn(SHOW_SECRETS_WARNING);
  const info = findSample(opts.name);
  const sample = loadSample(info.name);
  let doc = applyOverrides(sample, opts.set ?? [], info.kind);
  let original = sample;
  if (opts.decoded) {
    doc = decodePayload(doc).decoded;
    original = decodePayload(sample).decoded;
  }
  // The built-in test data (test card, test PIN) are public values, printed as they are so the
  // output works as input (`samples show X > f.json` then `post-order --file f.json`); what the
  // user set with --set is theirs, and stays masked.
  const shown = globals.showSecrets ? doc : keepBuiltIn(redactor.json(doc), doc, original);
  output.out(`${JSON.stringify(shown, null, 2)}\n`);
  return 0;
}

/** `masked`, with every value that is the sample's own (same place, same value) put back as it is. */
function keepBuiltIn(masked: unknown, raw: unknown, sample: unknown): unknown {
  if (masked === raw) return masked;
  if (typeof raw !== 'object' || raw === null) return raw === sample ? raw : masked;
  if (typeof masked !== 'object' || masked === null || typeof sample !== 'object' || sample === null) return masked;
  if (Array.isArray(raw)) return raw.map((v, i) => keepBuiltIn((masked as unknown[])[i], v, (sample as unknown[])[i]));
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, keepBuiltIn((masked as Record<string, unknown>)[k], v, (sample as Record<string, unknown>)[k])]));
}

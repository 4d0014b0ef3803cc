/** A saved report read back: a JSON report file (`--json > report.json`) or a run folder's report.json. */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { RunResult } from '../model.js';
import { readJsonFile } from '../io/parse-json.js';

/** Reads a report file (or the report.json of a run folder); a wrong shape is an InputError (exit 2). */
export async function readReport(path: string): Promise<RunResult> {
  let file = path;
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'report.json');
  } catch {
    throw new InputError(`Cannot read ${path}: no such file or folder (give a JSON report from --json or a run folder).`, path);
  }
  const doc = (await readJsonFile(file, 'report')) as Partial<RunResult> | null;
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.cases)) throw new InputError(`${file}: not an xborder report (expected the JSON of --json or a run folder's report.json, with "cases").`, file);
  const bad = doc.cases.findIndex((c) => !c || typeof c !== 'object' || typeof c.endpoint !== 'string' || typeof c.variant !== 'string' || !Array.isArray(c.checks) || !c.request);
  if (bad >= 0) throw new InputError(`${file}: cases[${bad}] is not a case (endpoint, variant, request and checks expected).`, file);
  return doc as RunResult;
}

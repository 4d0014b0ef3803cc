/** `xborder openapi [--yaml]`. */
import type { Command } from 'commander';
import { stringify } from 'yaml';
import { openApiDocument } from '../../openapi/document.js';
import { openSession } from '../session.js';

/** Prints the document; returns the exit code. */
export async function run(opts: { yaml?: boolean } & Record<string, unknown>, cmd: Command): Promise<number> {
  const session = await openSession(opts, cmd);
  const doc = openApiDocument(session.config);
  session.output.out(opts.yaml ? stringify(doc, { aliasDuplicateObjects: false }) : `${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}

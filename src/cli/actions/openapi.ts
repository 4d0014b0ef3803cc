/** `xborder openapi [--yaml]`. */
import type { Command } from 'commander';
import { stringify } from 'yaml';
import { openApiDocument } from '../../openapi/document.js';
import { openSession } from '../session.js';

/** Prints the document; returns the exit code. */
export async function run(opts: { yaml?: boolean } & Record<string, unknown>, cmd: Command): Promise<number> {
  // The document describes the endpoints and names the auth modes; no credential is read or sent.
  const session = await openSession(opts, cmd, { sendsNothing: true });
  const doc = openApiDocument(session.config);
  session.output.out(opts.yaml ? stringify(doc, { aliasDuplicateObjects: false }) : `${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}

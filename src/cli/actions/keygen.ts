/** `xborder keygen [--out KEY]`: an Ed25519 key pair for signing attestations. */
import type { Command } from 'commander';
import { entryAt, writeFileAtomic } from '../../io/atomic-write.js';
import { writeFailure } from '../../io/write-errors.js';
import { InputError, UsageError } from '../../errors.js';
import { newSigningKeyPair } from '../../certify/keys.js';
import { createOutput, type GlobalOptions } from '../output.js';

/** Writes KEY (0600) and KEY.pub (0644); refuses to replace either. Exit 0. */
export async function runKeygen(opts: { out: string }, cmd: Command): Promise<number> {
  const output = createOutput({ globals: cmd.optsWithGlobals() as GlobalOptions });
  const privateFile = opts.out;
  const publicFile = `${opts.out}.pub`;
  // A key replaced by mistake cannot be got back, and attestations it signed could no longer be checked.
  for (const file of [privateFile, publicFile]) {
    if (await entryAt(file)) throw new UsageError(`${file} exists: keygen never replaces a key. Give another --out, or remove it first.`);
  }
  const { privatePem, publicPem } = newSigningKeyPair();
  try {
    await writeFileAtomic(privateFile, privatePem);
    await writeFileAtomic(publicFile, publicPem, { mode: 0o644 });
  } catch (error) {
    throw new InputError(`Cannot write the key pair to ${privateFile}: ${writeFailure(error)}.`, privateFile);
  }
  output.out(`Wrote ${privateFile} (private, keep it secret) and ${publicFile} (public, give it to the platform). Sign with: xborder certify --profile go-live --sign ${privateFile}\n`);
  return 0;
}

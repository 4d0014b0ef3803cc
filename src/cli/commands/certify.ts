/** `profiles`, `certify`, `keygen` and `verify`: go-live evidence, a signed conformance attestation. */
import type { Command } from 'commander';
import { addAllowCommandsFlag, addCartFlags, addConfigFlags, examples } from './shared-options.js';

/** Defines the four attestation commands on `program`; the work is in ../actions/. */
export function defineCertify(program: Command): void {
  program
    .command('profiles')
    .description('list the built-in certification profiles (what `certify --profile NAME` must cover and pass)')
    .addHelpText('after', examples('xborder profiles', 'xborder profiles --json'))
    .action(async (_opts: object, cmd: Command) => {
      const { runProfiles } = await import('../actions/profiles.js');
      process.exitCode = await runProfiles(cmd);
    });

  const certify = program
    .command('certify')
    .description('run what a profile needs (as `check`) and write attestation.json: an in-toto statement of the coverage and the verdict, signed with --sign')
    .requiredOption('--profile <name>', 'a built-in profile (`xborder profiles`) or a profile file\'s path')
    .option('--sign <key>', 'sign the statement in a DSSE envelope with this Ed25519 private key (`xborder keygen`)')
    .option('--attestation <file>', 'also write the attestation to FILE (it is always saved in the run folder)')
    .option('--html <file>', 'also write the certificate a person reads: the verdict and the coverage matrix as one self-contained page')
    .option('--badge <file>', 'also write a badge (SVG) whose colour follows the verdict')
    .option('--badge-json <file>', 'also write the badge as a shields.io endpoint JSON')
    .option('--junit <file>', 'also write a JUnit XML report to FILE')
    .option('--out <dir>', 'save the run folder here (default .xborder/runs/<UTC time>)')
    .option('--concurrency <n>', 'requests in flight at once (default 4)');
  addAllowCommandsFlag(addCartFlags(addConfigFlags(certify)))
    .addHelpText('after', `\nExit codes: 0 the profile is met, 1 not met (a check failed or coverage is missing), 2 bad input, 3 could not judge.${examples('xborder certify --profile go-live', 'xborder keygen --out xborder-key && xborder certify --profile go-live --sign xborder-key --attestation attestation.json', 'xborder certify --profile ./platform-profile.json --json > report.json')}`)
    .action(async (opts, cmd) => {
      const { runCertify } = await import('../actions/certify.js');
      process.exitCode = await runCertify(opts, cmd);
    });

  program
    .command('keygen')
    .description('write an Ed25519 key pair for `certify --sign`: KEY (PKCS#8 PEM, 0600) and KEY.pub (SPKI PEM)')
    .option('--out <key>', 'the private key\'s file; the public key goes beside it as KEY.pub', 'xborder-key')
    .addHelpText('after', examples('xborder keygen', 'xborder keygen --out keys/merchant-shop-de'))
    .action(async (opts: { out: string }, cmd: Command) => {
      const { runKeygen } = await import('../actions/keygen.js');
      process.exitCode = await runKeygen(opts, cmd);
    });

  program
    .command('verify <file>')
    .description('check an attestation: its signature (--key), its form, that its profile is met, its age and the configuration it tested')
    .option('--key <pub>', 'the signer\'s public key (PEM); without it only an unsigned statement is accepted')
    .option('--profile <name>', 'the profile the platform requires (built-in name or file): each of its requirements must be in the attested profile')
    .option('--max-age <duration>', 'the oldest a statement may be, e.g. 30d, 12h, 90m')
    .option('--badge <file>', 'write a badge (SVG) of the verification: green when it holds, yellow when only too old, red otherwise (a platform re-renders it as the statement ages)')
    .option('--badge-json <file>', 'the same badge as a shields.io endpoint JSON')
    .addHelpText('after', `\nExit codes: 0 everything holds, 1 not met, too old, another profile or another configuration, 2 unreadable or not signed by that key.\nWith the global --config FILE (the merchant's configuration on file), its tested form must have the attested digest.${examples('xborder verify attestation.json --key xborder-key.pub --profile go-live --max-age 30d', 'xborder verify attestation.json --key merchant.pub --config merchant.config.json')}`)
    .action(async (file: string, opts, cmd: Command) => {
      const { runVerify } = await import('../actions/verify.js');
      process.exitCode = await runVerify(file, opts, cmd);
    });
}

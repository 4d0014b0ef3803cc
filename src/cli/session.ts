/**
 * What every networked command sets up first: the layered config, the redactor built from it, the
 * output that masks through it, and the transport warnings the user must see on every run.
 */
import type { Command } from 'commander';
import type { XborderConfig } from '../model.js';
import { loadConfig } from '../config/load.js';
import type { Redactor } from '../redact/redactor.js';
import { redactorForConfig, redactorForSources } from '../redact/for-config.js';
import { bindRunRedactor } from '../redact/run.js';
import { createOutput, warningText, type GlobalOptions, type Output } from './output.js';
import { configFlagsFrom } from './commands/shared-options.js';
import { insecureWarning, plainHttpWarning } from '../http/url.js';
import { escapeControls } from '../report/terminal-text.js';

/** A command's loaded context. */
export interface Session {
  globals: GlobalOptions;
  config: XborderConfig;
  redactor: Redactor;
  output: Output;
}

/**
 * Says which file discovery picked (`config: ../xborder.config.json`), on stderr, whatever --quiet
 * or --json say: a config file runs its newCart command and sends its ${VARIABLE}s to its URLs, so
 * the user must always see which one is in force when they did not name it with --config.
 */
export function announceDiscoveredConfig(relativePath: string): void {
  process.stderr.write(`config: ${escapeControls(relativePath)}\n`);
}

/**
 * Warns that the file named with --config belongs to another user or may be written by anyone
 * (the run goes on: the user named it), on stderr whatever --quiet or --json say.
 */
export function warnDistrustedConfig(message: string): void {
  process.stderr.write(`${warningText(message, process.stderr, process.env)}\n`);
}

/** What a command needs of its config beyond loading it. */
export interface SessionNeeds {
  /** The command sends nothing (`openapi`): unset credential variables are no error. */
  sendsNothing?: boolean;
  /** The entry of the config's `merchants` to run (`check --merchants NAME`), its keys over the top level's. */
  merchant?: string;
  /** Say which config file discovery picked, or that a named one is distrusted (default true); a batch of merchants says it once. */
  announce?: boolean;
}

/** Loads config from flags/env/file and builds the masking output. Throws ConfigError (exit 2). */
export async function openSession(opts: Record<string, unknown>, cmd: Command, needs: SessionNeeds = {}): Promise<Session> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const flags = configFlagsFrom(opts);
  // Until the config is loaded, the run's redactor knows what its sources hold: a config error that
  // quotes an ${ENV} value, a proxy password or a URL key is masked by the top-level handler.
  bindRunRedactor(redactorForSources({ file: globals.config, cwd: process.cwd(), env: process.env, flags: { ...flags } }), { showSecrets: globals.showSecrets });
  const config = await loadConfig({ file: globals.config, cwd: process.cwd(), env: process.env, flags, ...(needs.announce === false ? {} : { onDiscovered: announceDiscoveredConfig, onDistrusted: warnDistrustedConfig }), credentialsUnused: needs.sendsNothing === true, merchant: needs.merchant, commandsOf: globals.commandsOf });
  return sessionFor(globals, config);
}

/**
 * A session for an already resolved config (the demo builds its own). Its redactor becomes the
 * run's (run.ts): it learns each credential xborder makes while running (every JWT it signs, every
 * Basic value it builds, every URL credential typed in the wizard), and the top-level error handler
 * and every cut made for display mask with it.
 */
export function sessionFor(globals: GlobalOptions, config: XborderConfig): Session {
  const redactor = bindRunRedactor(redactorForConfig(config), { showSecrets: globals.showSecrets });
  const output = createOutput({ globals, mask: (s) => redactor.text(s) });
  if (globals.showSecrets) output.warn('--show-secrets: secrets and card data are printed in clear. Use only for local debugging.');
  return { globals, config, redactor, output };
}

/** Prints the transport warnings (insecure TLS, plain http to a remote host) for `urls`. */
export function warnTransport(session: Session, urls: (string | undefined)[]): void {
  const warnings = [insecureWarning(session.config.http), ...urls.map((u) => (u ? plainHttpWarning(u) : undefined))];
  for (const warning of warnings) if (warning) session.output.warn(warning);
}

/**
 * The redactor of this process's run: the one the command's session built from its configuration,
 * bound to the secrets xborder makes while running (registry.ts). The top-level error handler masks
 * its messages with it, so a config error quoting an `${ENV}` value or a proxy password is masked by
 * what the run knows; code below src/cli that cuts text for display masks the whole text with it
 * first (cut.ts). Before any session exists, a redactor with the pattern rules only stands in.
 */
import { onNotedSecret } from './registry.js';
import { Redactor } from './redactor.js';

let current: Redactor | undefined;
let inClear = false;

/**
 * Makes `redactor` the run's: it learns every secret already known to the previous run redactor and
 * every secret xborder notes from now on. `showSecrets` (--show-secrets) turns display masking off.
 */
export function bindRunRedactor(redactor: Redactor, options: { showSecrets?: boolean } = {}): Redactor {
  if (current && current !== redactor) redactor.absorb(current);
  onNotedSecret((secret) => redactor.add(secret));
  current = redactor;
  inClear = Boolean(options.showSecrets);
  return redactor;
}

/** The run's redactor (one with the pattern rules only, bound to the noted secrets, before a session exists). */
export function runRedactor(): Redactor {
  return current ?? bindRunRedactor(new Redactor(), { showSecrets: inClear });
}

/** Masks `text` as the run's output is masked: identity with --show-secrets. */
export function displayMask(text: string): string {
  return inClear ? text : runRedactor().text(text);
}

/** Whether the run shows secrets in clear (--show-secrets). */
export function showsSecrets(): boolean {
  return inClear;
}

/** Sets whether the run shows secrets in clear (the --show-secrets flag, before any session exists). */
export function setShowSecrets(show: boolean): void {
  inClear = show;
}

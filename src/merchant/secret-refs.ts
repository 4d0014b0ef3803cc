/**
 * What stands for each credential in a reproduction script: the environment variable the
 * configuration named for it (`"value": "${XB_HEADER_KEY}"`), else a placeholder that stops the
 * script and says what to fill in. Reproductions never carry a secret.
 */
import type { XborderConfig } from '../model.js';
import type { SecretRef } from '../http/reproduce.js';

/** The credential fields of each auth mode, and how to name them to a person. */
function credentials(config: XborderConfig): { value: string; what: string; mode: string }[] {
  return config.auth.flatMap((a): { value: string; what: string; mode: string }[] => {
    switch (a.mode) {
      case 'header': return [{ value: a.value, what: `the ${a.name} value`, mode: a.mode }];
      case 'basic': return [{ value: a.password, what: `the Basic password of ${a.username}`, mode: a.mode }];
      case 'query': return [{ value: a.value, what: `the ${a.name} query key`, mode: a.mode }];
      case 'jwt': return a.secret ? [{ value: a.secret, what: 'the JWT secret', mode: a.mode }] : [];
      default: return [];
    }
  });
}

/** Every secret of `config` a request can carry, with what stands for it in a script. */
export function secretRefs(config: XborderConfig): SecretRef[] {
  const byValue = new Map((config.envReferences ?? []).map((r) => [r.value, r.name]));
  const refs: SecretRef[] = credentials(config).map(({ value, what, mode }) => {
    const name = byValue.get(value);
    return { value, ref: name ? `\${${name}}` : `\${XBORDER_FILL_${mode.toUpperCase()}:?fill in ${what} of auth mode ${mode}: the configuration has it, and no reproduction writes it}` };
  });
  // Other values from the environment (a key in cartParams, a URL password) by their names too.
  for (const { name, value } of config.envReferences ?? []) if (!refs.some((r) => r.value === value)) refs.push({ value, ref: `\${${name}}` });
  return refs;
}

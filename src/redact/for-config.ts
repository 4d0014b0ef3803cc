/**
 * A redactor that knows every secret of a configuration. Kept apart from the Redactor itself, which
 * needs no auth code: commands that mask only card data and tokens (validate, decode) stay light.
 */
import { authSecrets } from '../auth/index.js';
import type { XborderConfig } from '../model.js';
import { SECRET_KEYS } from './patterns.js';
import { isPlainObject, Redactor } from './redactor.js';

/** Auth values, passwords, JWT secrets, proxy credentials, ${ENV} values and secret-named fields. */
export function redactorForConfig(config: XborderConfig): Redactor {
  const r = new Redactor();
  for (const auth of config.auth ?? []) for (const s of authSecrets(auth)) r.add(s);
  for (const value of config.envValues ?? []) r.add(value);
  if (config.http?.proxy) {
    try {
      const u = new URL(config.http.proxy);
      if (u.password) {
        r.add(u.password);
        r.add(decodeURIComponent(u.password));
      }
    } catch {
      // not a URL: nothing to extract
    }
  }
  // Any other secret-named string value (e.g. a future platform password) is registered too.
  const visit = (v: unknown, key?: string): void => {
    if (typeof v === 'string' && key && SECRET_KEYS.has(key.toLowerCase())) r.add(v);
    else if (Array.isArray(v)) v.forEach((x) => visit(x));
    else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(config);
  return r;
}

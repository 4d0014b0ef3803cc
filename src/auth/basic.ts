import type { AuthStrategy, ConfigOf } from './types.js';
import { withHeader, withoutHeader, wrongValue } from './spec-edit.js';
import { noteSecret } from '../redact/registry.js';

/**
 * The `Authorization: Basic ...` value for a user name and password (RFC 7617, UTF-8). Its base64
 * credential is noted as a secret: the redactor then finds it in every spelling an echo takes, not
 * only where a `Basic` word precedes it (the scheme word stays readable).
 */
export function basicValue(username: string, password: string): string {
  const credential = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
  noteSecret(credential);
  return `Basic ${credential}`;
}

/** HTTP Basic authentication. */
export const basicStrategy: AuthStrategy<ConfigOf<'basic'>> = {
  apply: async (spec, cfg) => withHeader(spec, 'Authorization', basicValue(cfg.username, cfg.password)),
  negatives: (cfg) => [
    {
      id: 'missing-credentials',
      description: 'request without an Authorization header',
      apply: async (spec) => withoutHeader(spec, 'Authorization'),
    },
    {
      id: 'wrong-basic-password',
      description: `Basic credentials for ${cfg.username} with a wrong password`,
      apply: async (spec) => withHeader(spec, 'Authorization', basicValue(cfg.username, wrongValue(cfg.password))),
    },
  ],
  // `user:pass` too: the redactor then also knows its base64 form, which is what the header carries.
  secrets: (cfg) => [cfg.password, `${cfg.username}:${cfg.password}`],
};

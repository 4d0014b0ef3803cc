import type { AuthStrategy, ConfigOf } from './types.js';
import { withHeader, withoutHeader, wrongValue } from './spec-edit.js';

/** A shared secret in a custom header (e.g. `X-Merchant-Key`). */
export const headerStrategy: AuthStrategy<ConfigOf<'header'>> = {
  apply: async (spec, cfg) => withHeader(spec, cfg.name, cfg.value),
  negatives: (cfg) => [
    {
      id: 'missing-credentials',
      description: `request without the ${cfg.name} header`,
      apply: async (spec) => withoutHeader(spec, cfg.name),
    },
    {
      id: 'wrong-header-value',
      description: `${cfg.name} header with a wrong value`,
      apply: async (spec) => withHeader(spec, cfg.name, wrongValue(cfg.value)),
    },
  ],
  secrets: (cfg) => [cfg.value],
};

import type { AuthStrategy, ConfigOf } from './types.js';
import { withoutQueryParam, withQueryParam, wrongValue } from './spec-edit.js';

/** A key in a query parameter of the URL. */
export const queryStrategy: AuthStrategy<ConfigOf<'query'>> = {
  apply: async (spec, cfg) => withQueryParam(spec, cfg.name, cfg.value),
  negatives: (cfg) => [
    {
      id: 'missing-credentials',
      description: `request without the ${cfg.name} query parameter`,
      apply: async (spec) => withoutQueryParam(spec, cfg.name),
    },
    {
      id: 'wrong-query-key',
      description: `${cfg.name} query parameter with a wrong key`,
      apply: async (spec) => withQueryParam(spec, cfg.name, wrongValue(cfg.value)),
    },
  ],
  secrets: (cfg) => [cfg.value],
};

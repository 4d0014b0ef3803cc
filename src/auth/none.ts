import type { AuthStrategy, ConfigOf } from './types.js';

/** No credentials: the request goes as is, and there is nothing to get wrong. */
export const noneStrategy: AuthStrategy<ConfigOf<'none'>> = {
  apply: async (spec) => spec,
  negatives: () => [],
  secrets: () => [],
};

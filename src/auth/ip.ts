import type { RequestSpec } from '../model.js';
import type { AuthStrategy, ConfigOf, NegativeVariant } from './types.js';

function unbound(spec: RequestSpec): RequestSpec {
  const { localAddress: _dropped, ...rest } = spec;
  return rest;
}

/** IP allow-listing: the request leaves from the whitelisted local address. */
export const ipStrategy: AuthStrategy<ConfigOf<'ip'>> = {
  apply: async (spec, cfg) => ({ ...spec, localAddress: cfg.localAddress }),
  negatives: (cfg) => {
    const list: NegativeVariant[] = [
      {
        id: 'missing-credentials',
        description: 'request from the default local address (not bound to the allowed one)',
        apply: async (spec) => unbound(spec),
      },
    ];
    // Only a configured denied address proves the allow-list; guessing one could hit an allowed one.
    if (cfg.deniedLocalAddress) {
      const denied = cfg.deniedLocalAddress;
      list.push({
        id: 'ip-denied',
        description: `request from ${denied}, an address not on the allow-list`,
        apply: async (spec) => ({ ...spec, localAddress: denied }),
      });
    }
    return list;
  },
  secrets: () => [],
};

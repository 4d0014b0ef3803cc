import type { RequestSpec } from '../model.js';
import { hasSigningMaterial, signingKey, throwawayKey, type JwtKey } from './jwt-keys.js';
import { jwtHeaderValue, mintToken, tamperSignature, unsignedToken, type MintOptions } from './jwt-token.js';
import { withHeader, withoutHeader, wrongValue } from './spec-edit.js';
import type { AuthStrategy, ConfigOf, NegativeVariant } from './types.js';

type JwtConfig = ConfigOf<'jwt'>;

const EXPIRED_BY_S = 3600; // past any clock skew a merchant allows (.NET defaults to 5 minutes)

/** A JWT in a header (default `Authorization: Bearer <token>`), HS256, RS256 or ES256. */
export const jwtStrategy: AuthStrategy<JwtConfig> = {
  apply: async (spec, cfg) =>
    withHeader(spec, cfg.header ?? 'Authorization', jwtHeaderValue(cfg, await mintToken(cfg, await signingKey(cfg)))),
  negatives: (cfg) => {
    const header = cfg.header ?? 'Authorization';
    const keyed = hasSigningMaterial(cfg);
    let key: JwtKey | undefined;
    const getKey = async () => (key ??= keyed ? await signingKey(cfg) : throwawayKey(cfg.algorithm));
    const note = keyed ? 'validly signed' : 'signed with a throwaway key (none configured)';
    // Options are computed at apply time: an 'expired' token is relative to when it is sent.
    const signed = (opts: () => MintOptions, tamper = false) => async (spec: RequestSpec) => {
      const token = await mintToken(cfg, await getKey(), opts());
      return withHeader(spec, header, jwtHeaderValue(cfg, tamper ? tamperSignature(token) : token));
    };
    const list: NegativeVariant[] = [
      { id: 'missing-credentials', description: `request without the ${header} header`, apply: async (spec) => withoutHeader(spec, header) },
      { id: 'jwt-tampered', description: `token with its signature altered`, apply: signed(() => ({}), true) },
      {
        id: 'jwt-expired',
        description: `${note} token that expired an hour ago`,
        apply: signed(() => ({ now: Math.floor(Date.now() / 1000) - EXPIRED_BY_S - (cfg.ttlSeconds ?? 300) })),
      },
      {
        id: 'jwt-alg-none',
        description: 'unsigned token (alg: none) with the right claims',
        apply: async (spec) => withHeader(spec, header, jwtHeaderValue(cfg, unsignedToken(cfg))),
      },
    ];
    // A wrong issuer only proves something when the merchant is told which issuer is right.
    if (cfg.issuer) {
      list.push({ id: 'jwt-wrong-issuer', description: `${note} token from another issuer`, apply: signed(() => ({ issuer: wrongValue(cfg.issuer!) })) });
    }
    return list;
  },
  secrets: (cfg) => (cfg.secret ? [cfg.secret] : []),
};

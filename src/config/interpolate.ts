/**
 * `${NAME}` references in string values of the config file, replaced from the environment.
 * Missing variables are collected (not thrown one by one) so the user sees every problem at once.
 * The values substituted are masked in every output, except those that went only into the ids of
 * the interface (merchantGUID, a cart token), which are no credentials and stay visible as
 * docs/security.md says: a GUID exported as XB_MERCHANT_GUID is shown like one written in the file.
 */

/** Result of interpolation: the new document, problems, and the values substituted (secrets to mask). */
export interface Interpolated {
  value: unknown;
  problems: string[];
  /** The values substituted anywhere but the visible ids: secrets to mask. */
  substituted: string[];
  /** Which variable gave which value: reproductions write `${NAME}` where the value was. */
  references: { name: string; value: string }[];
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Where a value is an id of the interface, not a credential (a merchant of `merchants` included). */
const VISIBLE_ID = /^(?:\/merchants\/\d+)?\/(?:merchantGUID|merchant\/cartToken|merchant\/carts\/\d+)$/;

/** Replaces `${NAME}` in every string of `doc` (deeply); never mutates `doc`. */
export function interpolateEnv(doc: unknown, env: Record<string, string | undefined>): Interpolated {
  const problems: string[] = [];
  const substituted: string[] = [];
  const references: { name: string; value: string }[] = [];
  const visit = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') {
      return value.replace(REFERENCE, (whole, name: string) => {
        const found = env[name];
        if (found === undefined) {
          problems.push(`${path || '/'}: environment variable ${name} is not set (referenced as ${whole})`);
          return whole;
        }
        if (found !== '') {
          if (!VISIBLE_ID.test(path)) substituted.push(found);
          references.push({ name, value: found });
        }
        return found;
      });
    }
    if (Array.isArray(value)) return value.map((item, i) => visit(item, `${path}/${i}`));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`)]));
    }
    return value;
  };
  return { value: visit(doc, ''), problems, substituted, references };
}

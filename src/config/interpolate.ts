/**
 * `${NAME}` references in string values of the config file, replaced from the environment.
 * Missing variables are collected (not thrown one by one) so the user sees every problem at once.
 */

/** Result of interpolation: the new document, problems, and the values substituted (secrets to mask). */
export interface Interpolated {
  value: unknown;
  problems: string[];
  substituted: string[];
  /** Which variable gave which value: reproductions write `${NAME}` where the value was. */
  references: { name: string; value: string }[];
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

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
          substituted.push(found);
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

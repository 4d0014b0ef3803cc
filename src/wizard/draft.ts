/**
 * The configuration the wizard is building, in the form it will be saved: the config file
 * document, with every secret as a `${NAME}` reference and the typed values kept aside in memory.
 * Starting from the existing file keeps what the user wrote there (including their own references).
 */
import { noteSecret } from '../redact/registry.js';

/** The config file as a plain JSON object. */
export type ConfigDoc = Record<string, unknown>;

/** The wizard's working copy of the configuration. */
export interface Draft {
  /** The document to save; secrets appear as `${NAME}`. */
  doc: ConfigDoc;
  /** Values of the `${NAME}` references typed in this session (never written unless in clear on request). */
  secrets: Record<string, string>;
  /** Whether an answer changed the document since it was loaded. */
  changed: boolean;
  /** The file it came from and is saved to. */
  file: string;
  /** Whether that file existed when the wizard started. */
  existed: boolean;
}

/** A draft over `doc` (copied). */
export function newDraft(doc: ConfigDoc, file: string, existed: boolean): Draft {
  return { doc: structuredClone(doc), secrets: {}, changed: false, file, existed };
}

/** The value at `path` (`['merchant', 'baseUrl']`), or undefined. */
export function getIn(doc: ConfigDoc, path: readonly string[]): unknown {
  let node: unknown = doc;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets the value at `path`, creating objects on the way; marks the draft changed when it differs. */
export function setIn(draft: Draft, path: readonly string[], value: unknown): void {
  if (JSON.stringify(getIn(draft.doc, path)) === JSON.stringify(value)) return;
  let node = draft.doc as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
  draft.changed = true;
}

const REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The variable name when `value` is exactly one `${NAME}` reference. */
export function referenceName(value: unknown): string | undefined {
  return typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;
}

/**
 * Records a typed secret: the document gets `${envName}`, the value stays in memory, and the run's
 * redactor learns it at once (a URL password typed as plain text is no less a secret).
 */
export function secretRef(draft: Draft, envName: string, value: string): string {
  draft.secrets[envName] = value;
  noteSecret(value);
  return `\${${envName}}`;
}

/**
 * The user info of `scheme://user:password@host...`: as in the WHATWG URL parser, the LAST `@`
 * before the path, query or fragment ends it, so a password may hold `@` (`http://user:p@ss@host/`).
 * Groups: 1 the text up to the password's `:`, 2 the password.
 */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/[^/?#:]*:)([^/?#]*)@(?=[^/?#@]*(?:[/?#]|$))/i;

/**
 * A URL as the file should keep it: the password of `user:password@` and the value of every
 * credential query parameter (`?apikey=...`, `&sig=...`) become `${PREFIX_NAME}` references, their
 * typed text kept in memory like any other secret. The rest of the URL is kept character for
 * character, so the loaded configuration rebuilds exactly the URL that was typed.
 */
export function urlWithReferences(draft: Draft, url: string, prefix: string, isSecretParam: (name: string) => boolean): string {
  const varName = (part: string) => `${prefix}_${part.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
  const keep = (value: string, part: string) => (value === '' || REFERENCE.test(value) ? value : secretRef(draft, varName(part), value));
  const out = url.replace(USERINFO, (_m, head: string, password: string) => `${head}${keep(password, 'PASSWORD')}@`);
  const q = out.indexOf('?');
  if (q < 0) return out;
  const hash = out.indexOf('#', q);
  const end = hash < 0 ? out.length : hash;
  const query = out
    .slice(q + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return isSecretParam(decodeSafe(name)) ? `${name}=${keep(pair.slice(eq + 1), name)}` : pair;
    })
    .join('&');
  return `${out.slice(0, q + 1)}${query}${out.slice(end)}`;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** The environment a run of the draft needs: the process environment plus the secrets typed now. */
export function draftEnv(draft: Draft, env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...env, ...draft.secrets };
}

/**
 * The file text. With `inClear`, references to secrets typed in this session are replaced by their
 * values (the user asked for it twice); references the user wrote themselves always stay.
 */
export function renderDraft(draft: Draft, inClear = false): string {
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const name = referenceName(value);
      return inClear && name !== undefined && draft.secrets[name] !== undefined ? draft.secrets[name] : value;
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    return value;
  };
  return `${JSON.stringify(visit(draft.doc), null, 2)}\n`;
}

/** Every `${NAME}` the document references, in document order, without repeats. */
export function referencedVariables(doc: ConfigDoc): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const m of value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) names.add(m[1]!);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(doc);
  return [...names];
}

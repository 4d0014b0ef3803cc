/**
 * `reproduce.sh` for a case of the run folder: the request as xborder sent it, as a curl command a
 * person can run, with nothing secret in it. Each credential is a `${NAME}` reference to the
 * environment variable the configuration named for it (or a `${XBORDER_…:?fill in …}` placeholder
 * that stops the script with a message when none was named); a JWT xborder signed is a placeholder;
 * the body is read from the request.json beside the script.
 */
import type { RequestSpec } from '../model.js';
import { isCredentialHeader } from '../redact/patterns.js';
import { shellQuote } from './curl.js';

/** A secret value and the shell expansion that stands for it in a script. */
export interface SecretRef {
  value: string;
  /** `${XB_HEADER_KEY}`, or `${XBORDER_FILL_HEADER:?fill in the X-Key value of auth mode header}`. */
  ref: string;
}

/** What a script needs besides the request. */
export interface ReproduceOptions {
  /** The comment line: what the case is and why it is here. */
  title: string;
  refs: SecretRef[];
  /** Masks what no reference covers (defence in depth: card data in a header, say). */
  mask: (text: string) => string;
  /** File beside the script holding the body (default request.json). */
  bodyFile?: string;
}

const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const JWT_REF = '${XBORDER_JWT:?set XBORDER_JWT to a token the merchant accepts (xborder signs a fresh one per request)}';

/** A word in double quotes where `refs` expand and everything else is literal. */
function expanding(text: string, options: ReproduceOptions): string {
  type Piece = { literal: string } | { ref: string };
  let pieces: Piece[] = [{ literal: text }];
  const replacements = [...options.refs.filter((r) => r.value.length > 0).sort((a, b) => b.value.length - a.value.length)];
  const split = (find: (s: string) => { index: number; length: number; ref: string } | undefined) => {
    pieces = pieces.flatMap((p) => {
      if (!('literal' in p)) return [p];
      const out: Piece[] = [];
      let rest = p.literal;
      for (let hit = find(rest); hit; hit = find(rest)) {
        out.push({ literal: rest.slice(0, hit.index) }, { ref: hit.ref });
        rest = rest.slice(hit.index + hit.length);
      }
      out.push({ literal: rest });
      return out;
    });
  };
  split((s) => {
    const m = new RegExp(JWT.source).exec(s);
    return m ? { index: m.index, length: m[0].length, ref: JWT_REF } : undefined;
  });
  for (const { value, ref } of replacements) {
    split((s) => {
      const index = s.indexOf(value);
      return index < 0 ? undefined : { index, length: value.length, ref };
    });
  }
  const escape = (s: string) => options.mask(s).replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `"${pieces.map((p) => ('literal' in p ? escape(p.literal) : p.ref)).join('')}"`;
}

/** The wrong credentials of negative cases (auth/spec-edit.ts wrongValue): made up, so shown as sent. */
const MADE_UP_WRONG = /^xborder-wrong-[0-9a-f]+$/;

/** A shell variable name from a header name: `x-hmac-sha256` -> `X_HMAC_SHA256`. */
function variableOf(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'VALUE';
}

/** A placeholder that stops the script and says what to fill in (the recorded value is never written). */
function fillIn(variable: string, what: string): string {
  return `\${XBORDER_FILL_${variable}:?fill in ${what.replace(/[}"$`\\]/g, '')}: a recording or run folder never holds it}`;
}

/**
 * `-u "user:${PASS}"` for a Basic header, so the password stays a reference; a password no reference
 * covers (one the platform sent through the proxy, one recorded in a HAR) becomes a placeholder,
 * never the decoded password. Undefined when not Basic.
 */
function basicUser(value: string, options: ReproduceOptions): string[] | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value.trim());
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const [user, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  const ref = options.refs.find((r) => r.value === password)?.ref;
  if (ref || password === '' || MADE_UP_WRONG.test(password)) return ['-u', expanding(decoded, options)];
  const quotedUser = expanding(user, options).slice(1, -1);
  return ['-u', `"${quotedUser}:${fillIn('BASIC_PASSWORD', `the Basic password of ${options.mask(user)}`)}"`];
}

/**
 * `-H "Name: value"`; a credential header (isCredentialHeader: `x-hmac-sha256`, `X-Session`, a
 * cookie) whose value no reference covers gets a placeholder instead of its recorded value.
 */
function headerArg(name: string, value: string, options: ReproduceOptions): string[] {
  const credential = isCredentialHeader(name) || ['authorization', 'proxy-authorization', 'cookie'].includes(name.toLowerCase());
  const covered = options.refs.some((r) => r.value.length > 0 && value.includes(r.value)) || new RegExp(JWT.source).test(value) || MADE_UP_WRONG.test(value.trim());
  if (!credential || covered || value.trim() === '') return ['-H', expanding(`${name}: ${value}`, options)];
  return ['-H', `"${options.mask(name).replace(/[\\"$`]/g, (c) => `\\${c}`)}: ${fillIn(variableOf(name), `the ${name} value`)}"`];
}

/** The whole script for `spec`. */
export function reproduceScript(spec: RequestSpec, options: ReproduceOptions): string {
  // One option and its value per line.
  const args = [`curl -sS -i -X ${spec.method}`];
  for (const [name, value] of Object.entries(spec.headers)) {
    const basic = name.toLowerCase() === 'authorization' ? basicUser(value, options) : undefined;
    args.push((basic ?? headerArg(name, value, options)).join(' '));
  }
  if (spec.localAddress) args.push(`--interface ${shellQuote(spec.localAddress)}`);
  if (spec.body !== undefined) args.push(`--data @${options.bodyFile ?? 'request.json'}`);
  args.push(expanding(spec.url, options));
  // The variables this script reads (not every credential of the configuration).
  const used = args.join(' ');
  const names = [...new Set(options.refs.filter((r) => used.includes(r.ref)).map((r) => /^\$\{([A-Za-z_][A-Za-z0-9_]*)/.exec(r.ref)?.[1]).filter((n): n is string => n !== undefined && !n.startsWith('XBORDER_FILL')))];
  return [
    '#!/bin/sh',
    `# ${options.title.replace(/\n/g, ' ')}`,
    '# Reproduces the request with curl. Nothing secret is written here: credentials come from the',
    `# environment${names.length ? ` (${names.join(', ')})` : ''}; the body is in ${options.bodyFile ?? 'request.json'} beside this script.`,
    'set -eu',
    'cd "$(dirname "$0")"',
    `exec ${args.join(' \\\n  ')}`,
    '',
  ].join('\n');
}

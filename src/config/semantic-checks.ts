/**
 * Problems a JSON Schema cannot see: URLs that do not parse, JWT modes without a key, key files
 * that do not exist, an `ip` mode without addresses. Run on the fully layered config.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { XborderConfig } from '../model.js';
import { withScheme } from '../http/url.js';

/** Every semantic problem of `config`, as one-line messages. */
export function semanticProblems(config: XborderConfig, cwd: string): string[] {
  const problems: string[] = [];
  const checkUrl = (where: string, value: string | undefined) => {
    if (!value) return;
    // `127.0.0.1:8788` does not parse, `localhost:8788` parses with the scheme `localhost:`: both lack http://.
    const meant = withScheme(value);
    const fix = meant ? `; did you mean ${meant}?` : '';
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`${where}: expected an http:// or https:// URL, got ${JSON.stringify(value)}${fix}`);
    } catch {
      problems.push(`${where}: not a valid URL: ${JSON.stringify(value)}${fix}`);
    }
  };
  checkUrl('merchant.baseUrl', config.merchant.baseUrl);
  checkUrl('platform.baseUrl', config.platform.baseUrl);
  checkUrl('giftCard.url', config.giftCard.url);
  checkUrl('proxy', config.http.proxy);
  if (config.http.caFile) problems.push(...caProblems(config.http.caFile, cwd));
  if (config.auth.length === 0) problems.push('auth: list at least one mode (use { "mode": "none" } for none)');
  const seen = new Set<string>();
  config.auth.forEach((auth, i) => {
    const where = `auth[${i}] (${auth.mode})`;
    if (seen.has(auth.mode)) problems.push(`${where}: mode ${auth.mode} is listed twice`);
    seen.add(auth.mode);
    if (auth.mode === 'header') problems.push(...headerValueProblems(`auth[${i}].value (header ${auth.name})`, auth.value));
    if (auth.mode === 'jwt') {
      if (auth.header !== undefined && !HEADER_NAME.test(auth.header)) problems.push(`auth[${i}].header: ${JSON.stringify(auth.header.slice(0, 60))} is not a header name (letters, digits and !#$%&'*+.^_\`|~-)`);
      if (auth.scheme !== undefined) problems.push(...headerValueProblems(`auth[${i}].scheme`, auth.scheme));
      if (auth.algorithm === 'HS256' && !auth.secret) problems.push(`${where}: HS256 needs "secret"`);
      if (auth.algorithm !== 'HS256' && !auth.privateKeyFile) problems.push(`${where}: ${auth.algorithm} needs "privateKeyFile" (a PEM private key)`);
      if (auth.privateKeyFile && !existsSync(resolve(cwd, auth.privateKeyFile))) problems.push(`${where}: privateKeyFile ${auth.privateKeyFile} does not exist`);
    }
  });
  return problems;
}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Control characters no header value may hold (tab aside): a line break would start a new header. */
const HEADER_VALUE_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * Why `value` cannot be sent as a header value: a line break (often the trailing newline of a file or
 * an ${ENV} variable) or another control character. Names the key, never the value (a secret).
 */
function headerValueProblems(where: string, value: string): string[] {
  const bad = HEADER_VALUE_CONTROL.exec(value);
  if (!bad) return [];
  const code = bad[0].charCodeAt(0);
  const what = code === 10 ? 'a line break (LF)' : code === 13 ? 'a line break (CR)' : `a control character (0x${code.toString(16).padStart(2, '0').toUpperCase()})`;
  const trailing = bad.index >= value.replace(/[\r\n]+$/, '').length ? ' at its end (a trailing newline from a file or ${ENV} variable?)' : '';
  return [`${where}: the value holds ${what}${trailing}; a header value must be a single line without control characters`];
}

/** Problems of the `ca` setting: a missing file, a directory, an unreadable file, a file without a PEM certificate. */
function caProblems(caFile: string, cwd: string): string[] {
  const file = resolve(cwd, caFile);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(file).isDirectory();
  } catch {
    return [`ca: file ${caFile} does not exist`];
  }
  if (isDirectory) return [`ca: ${caFile} is a directory; give the PEM file of the CA certificate (e.g. ${caFile.replace(/\/+$/, '')}/ca.pem)`];
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return [`ca: cannot read ${caFile}${code === 'EACCES' || code === 'EPERM' ? ': permission denied' : code ? ` (${code})` : ''}`];
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) return [`ca: file ${caFile} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`];
  return [];
}

/**
 * Problems a JSON Schema cannot see: URLs that do not parse, JWT modes without a key, key files
 * that do not exist, an `ip` mode without addresses. Run on the fully layered config.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { XborderConfig } from '../model.js';

/** Every semantic problem of `config`, as one-line messages. */
export function semanticProblems(config: XborderConfig, cwd: string): string[] {
  const problems: string[] = [];
  const checkUrl = (where: string, value: string | undefined) => {
    if (!value) return;
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`${where}: expected an http:// or https:// URL, got ${JSON.stringify(value)}`);
    } catch {
      problems.push(`${where}: not a valid URL: ${JSON.stringify(value)}`);
    }
  };
  checkUrl('merchant.baseUrl', config.merchant.baseUrl);
  checkUrl('platform.baseUrl', config.platform.baseUrl);
  checkUrl('giftCard.url', config.giftCard.url);
  checkUrl('proxy', config.http.proxy);
  if (config.http.caFile) {
    const file = resolve(cwd, config.http.caFile);
    if (!existsSync(file)) problems.push(`ca: file ${config.http.caFile} does not exist`);
    else if (!readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----')) problems.push(`ca: file ${config.http.caFile} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  if (config.auth.length === 0) problems.push('auth: list at least one mode (use { "mode": "none" } for none)');
  const seen = new Set<string>();
  config.auth.forEach((auth, i) => {
    const where = `auth[${i}] (${auth.mode})`;
    if (seen.has(auth.mode)) problems.push(`${where}: mode ${auth.mode} is listed twice`);
    seen.add(auth.mode);
    if (auth.mode === 'jwt') {
      if (auth.algorithm === 'HS256' && !auth.secret) problems.push(`${where}: HS256 needs "secret"`);
      if (auth.algorithm !== 'HS256' && !auth.privateKeyFile) problems.push(`${where}: ${auth.algorithm} needs "privateKeyFile" (a PEM private key)`);
      if (auth.privateKeyFile && !existsSync(resolve(cwd, auth.privateKeyFile))) problems.push(`${where}: privateKeyFile ${auth.privateKeyFile} does not exist`);
    }
  });
  return problems;
}

import { randomBytes } from 'node:crypto';
import type { RequestSpec } from '../model.js';

/** A copy of `spec` without any header called `name` (case-insensitive). */
export function withoutHeader(spec: RequestSpec, name: string): RequestSpec {
  const lower = name.toLowerCase();
  const headers = Object.fromEntries(Object.entries(spec.headers).filter(([k]) => k.toLowerCase() !== lower));
  return { ...spec, headers };
}

/** A copy of `spec` with header `name` set to `value`, replacing any other casing of it. */
export function withHeader(spec: RequestSpec, name: string, value: string): RequestSpec {
  const out = withoutHeader(spec, name);
  return { ...out, headers: { ...out.headers, [name]: value } };
}

/** A copy of `spec` with query parameter `name` set (other parameters kept, in order). */
export function withQueryParam(spec: RequestSpec, name: string, value: string): RequestSpec {
  const url = new URL(spec.url);
  url.searchParams.set(name, value);
  return { ...spec, url: url.toString() };
}

/** A copy of `spec` without query parameter `name`. */
export function withoutQueryParam(spec: RequestSpec, name: string): RequestSpec {
  const url = new URL(spec.url);
  if (!url.searchParams.has(name)) return spec;
  url.searchParams.delete(name);
  return { ...spec, url: url.toString() };
}

/** A random value that cannot be the configured one (it differs from `not` by construction). */
export function wrongValue(not: string): string {
  let v = `xborder-wrong-${randomBytes(8).toString('hex')}`;
  while (v === not) v = `xborder-wrong-${randomBytes(8).toString('hex')}`;
  return v;
}

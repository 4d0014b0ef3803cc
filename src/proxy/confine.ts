/**
 * Where the proxy may send a request: only below its `--target`'s base path, on the target's origin.
 * The caller's request target is joined under the base path as text, never resolved against it (URL
 * resolution lets `//host`, an absolute URL or `..` leave it), and every form that the merchant's
 * server could still resolve out of the base path is refused before anything is sent, so the
 * caller's Authorization never reaches another host or path. The proxy is never a forward proxy.
 */

/** The path to send (base path + the caller's path and query), or why the request is refused. */
export type Confinement = { ok: true; path: string } | { ok: false; reason: string };

/** `%XX` escapes undone byte by byte (latin1): enough to see a dot, a slash or a backslash hiding in them. */
function percentDecoded(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A segment and what it becomes after one, two and three rounds of decoding (a server may decode twice). */
function decodings(segment: string): string[] {
  const out = [segment];
  for (let i = 0; i < 3; i++) {
    const next = percentDecoded(out[out.length - 1]!);
    if (next === out[out.length - 1]) break;
    out.push(next);
  }
  return out;
}

/** Bytes that never start valid UTF-8: overlong forms (`%c0%ae` is an old way to write `.`). */
const OVERLONG = /[\xc0\xc1]|\xe0[\x80-\x9f]|\xf0[\x80-\x8f]/;

/** UTF-8 (as latin1 bytes) of the fullwidth dot, slash and backslash, which Unicode normalisation (NFKC) turns into `.`, `/` and `\`. */
const FULLWIDTH = /\xef\xbc[\x8e\x8f\xbc]/;

/**
 * A name made of dots and blanks only: `.` and `..`, and `...` or `.. ` that Windows servers trim to
 * them (they drop trailing dots and spaces from a path segment).
 */
const DOTS = /^[.\s]*\.[.\s]*$/;

/** Why one path segment could leave the base path, or undefined when it cannot. */
function segmentProblem(segment: string): string | undefined {
  for (const form of decodings(segment)) {
    if (form.includes('/') || form.includes('\\')) return 'an encoded slash or backslash (%2F, %5C) in a path segment, which a server may decode into a path separator';
    // `..;/` is `..` to servers that strip path parameters (Tomcat, Spring); `..%23x` is `..` to one
    // that decodes the path and parses it again.
    const name = form.split(/[;#?]/)[0]!;
    if (DOTS.test(name)) return 'a dot segment (. or .., also percent-encoded), which the server would resolve out of the base path';
    // A server in C stops reading the path at a NUL: `..%00x` is `..` to it.
    if (form.includes('\u0000')) return 'an encoded NUL byte (%00), where a server may cut the path short';
    if (OVERLONG.test(form)) return 'an overlong UTF-8 sequence, an old way to hide a dot or a slash';
    if (FULLWIDTH.test(form)) return 'a fullwidth dot, slash or backslash, which Unicode normalisation turns into a plain one';
  }
  return undefined;
}

/** The target's base path without its trailing slash (`/` gives the empty string). */
export function basePathOf(target: URL): string {
  return target.pathname.replace(/\/+$/, '');
}

/**
 * Confines one request (`method`, and `requestTarget` as it came on the request line) to `target`.
 * Only origin-form targets (`/path?query`) are taken; absolute-form (`http://other/x`, as sent to a
 * forward proxy), authority-form (CONNECT) and asterisk-form (`*`) are refused.
 */
export function confine(method: string, requestTarget: string, target: URL): Confinement {
  const refuse = (why: string): Confinement => ({ ok: false, reason: `${why}; the proxy forwards only below ${target.origin}${basePathOf(target)}/ and is never a forward proxy` });
  if (method.toUpperCase() === 'CONNECT') return refuse('CONNECT asks for a tunnel to another host');
  if (requestTarget === '*') return refuse('an asterisk-form request (OPTIONS *) names no path');
  if (!requestTarget.startsWith('/')) {
    return /^[a-z][a-z0-9+.-]*:/i.test(requestTarget) ? refuse('an absolute URL as request target (absolute-form, what a forward proxy is sent)') : refuse('the request target is not a path');
  }
  if (requestTarget.startsWith('//')) return refuse('the path starts with //, which a URL parser reads as another host');
  // A fragment is never part of a request target; a server that cuts the path at it would see `/..#` as `/..`.
  if (requestTarget.includes('#')) return refuse('a fragment (#) in the request target, where a server may cut the path short');
  const q = requestTarget.indexOf('?');
  const path = q < 0 ? requestTarget : requestTarget.slice(0, q);
  // WHATWG URL parsers and many servers read `\` as `/`.
  if (path.includes('\\')) return refuse('a backslash in the path, which many servers read as /');
  for (const segment of path.split('/')) {
    const problem = segmentProblem(segment);
    if (problem) return refuse(`${problem}`);
  }
  return { ok: true, path: basePathOf(target) + requestTarget };
}

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

const UTF8 = new TextDecoder('utf-8');

/**
 * Bytes (a latin1 string, as percentDecoded makes them) read as UTF-8, the way a server reads a
 * decoded path, and that text in Unicode's compatibility form (NFKC), which .NET, Java and Python
 * frameworks (and file systems) apply to names: `‥` (two-dot leader) becomes `..`, `﹒` and `․` a
 * dot, `﹨` and `＼` a backslash, `／` a slash. Bytes that are not UTF-8 are also read with them left
 * out, as a lenient decoder that drops them would. Text that is no byte string (a character past
 * U+00FF) is taken as it is.
 */
function unicodeForms(bytes: string): string[] {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(bytes)) return [];
  const text = /[^\x00-\xff]/.test(bytes) ? bytes : UTF8.decode(Buffer.from(bytes, 'latin1'));
  const out = [text, text.normalize('NFKC')];
  if (text.includes('\ufffd')) out.push(text.replace(/\ufffd/g, '').normalize('NFKC'));
  return out;
}

/** One way a server may read a segment; `unicode` when reading it as UTF-8 text changed it (normalised, decoded). */
interface Form {
  text: string;
  unicode: boolean;
}

/**
 * A segment and every form a server may read it as: undoing `%XX` escapes up to three times (a
 * server may decode twice), each result read as UTF-8 and normalised (NFKC); a normalised form is
 * decoded again, since `％２ｅ` normalises to `%2e`.
 */
function decodings(segment: string): Form[] {
  const seen = new Map<string, boolean>([[segment, false]]);
  let pending: Form[] = [{ text: segment, unicode: false }];
  for (let round = 0; round < 3 && pending.length > 0; round++) {
    const next: Form[] = [];
    const add = (text: string, unicode: boolean): void => {
      if (seen.has(text)) return;
      seen.set(text, unicode);
      next.push({ text, unicode });
    };
    for (const form of pending) {
      const decoded = percentDecoded(form.text);
      add(decoded, form.unicode);
      for (const text of unicodeForms(decoded)) add(text, true);
    }
    pending = next;
  }
  return [...seen].map(([text, unicode]) => ({ text, unicode }));
}

/** Bytes that never start valid UTF-8: overlong forms (`%c0%ae` is an old way to write `.`). */
const OVERLONG = /[\xc0\xc1]|\xe0[\x80-\x9f]|\xf0[\x80-\x8f]/;

/** An IIS-style `%uXXXX` escape: IIS (and ASP classic) decode it into any character, `%u002e` a dot. */
const PERCENT_U = /%u[0-9a-f]{4}/i;

/** The dots, slashes and backslashes of a text. */
const SEPARATORS = /[./\\]/g;
const separatorCount = (text: string): number => text.match(SEPARATORS)?.length ?? 0;

/**
 * A name made of dots and blanks only: `.` and `..`, and `...` or `.. ` that Windows servers trim to
 * them (they drop trailing dots and spaces from a path segment).
 */
const DOTS = /^[.\s]*\.[.\s]*$/;

/** Why one form of a segment could leave the base path, or undefined when it cannot. */
function formProblem(form: string): string | undefined {
  if (form.includes('/') || form.includes('\\')) return 'an encoded slash or backslash (%2F, %5C) in a path segment, which a server may decode into a path separator';
  // `..;/` is `..` to servers that strip path parameters (Tomcat, Spring); `..%23x` is `..` to one
  // that decodes the path and parses it again.
  const name = form.split(/[;#?]/)[0]!;
  if (DOTS.test(name)) return 'a dot segment (. or .., also percent-encoded), which the server would resolve out of the base path';
  // A server in C stops reading the path at a NUL: `..%00x` is `..` to it.
  if (form.includes('\u0000')) return 'an encoded NUL byte (%00), where a server may cut the path short';
  if (OVERLONG.test(form)) return 'an overlong UTF-8 sequence, an old way to hide a dot or a slash';
  if (PERCENT_U.test(form)) return 'an IIS-style %u escape (%u002e), which some servers decode into any character';
  // A character that normalisation turns into a dot, a slash or a backslash (`‥`, `﹒`, `﹨`, `／`,
  // `℅`) has no business in a path the platform calls, wherever it stands in the segment.
  if (separatorCount(form.normalize('NFKC')) > separatorCount(form)) return UNICODE_LOOKALIKE;
  return undefined;
}

const UNICODE_LOOKALIKE = 'a Unicode look-alike of a dot, slash or backslash (fullwidth, small or leader forms such as ．, ‥, ﹒, ﹨), which Unicode normalisation (NFKC) turns into a plain one';

/** Why one path segment could leave the base path, or undefined when it cannot. */
function segmentProblem(segment: string): string | undefined {
  const forms = decodings(segment);
  // The byte forms first, so a plain `%2e%2e` is named as such; any rule a UTF-8 reading breaks is a look-alike.
  for (const form of forms) {
    const problem = form.unicode ? undefined : formProblem(form.text);
    if (problem) return problem;
  }
  for (const form of forms) if (form.unicode && formProblem(form.text)) return UNICODE_LOOKALIKE;
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

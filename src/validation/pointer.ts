/** JSON pointers (RFC 6901): the paths of every finding. */

/** Escapes one reference token (`~` -> `~0`, `/` -> `~1`). */
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  // Almost every name has neither character: no regular expression, no new string.
  if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a pointer into unescaped tokens (`''` is the root: no tokens). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Appends tokens to a pointer. */
export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((p, t) => `${p}/${escapeToken(t)}`, base);
}

/** The value at `pointer` in `doc`, or undefined when the path does not exist. */
export function getAt(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const token of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** The parent container and last token of `pointer` (undefined for the root or a missing parent). */
export function parentOf(doc: unknown, pointer: string): { parent: Record<string, unknown> | unknown[]; key: string } | undefined {
  const tokens = parsePointer(pointer);
  const key = tokens.pop();
  if (key === undefined) return undefined;
  const parent = getAt(doc, tokens.length ? `/${tokens.map(escapeToken).join('/')}` : '');
  if (parent === null || typeof parent !== 'object') return undefined;
  return { parent: parent as Record<string, unknown> | unknown[], key };
}

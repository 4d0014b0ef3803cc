/**
 * A JSON body pretty-printed for a person, when that stays small: two spaces an indentation level
 * make a body nested N deep grow by about N² characters (300,000 levels: 90 billion), so a body
 * nested deeper than a person reads is shown as received instead.
 */

/** Deeper than this, a body is shown as received rather than indented. */
export const PRETTY_MAX_DEPTH = 64;

/** The deepest nesting of `text`'s arrays and objects (strings skipped), scanning no deeper than `limit` + 1. */
export function nestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** `body` pretty-printed when it is JSON nested at most PRETTY_MAX_DEPTH deep; undefined otherwise. */
export function prettyJson(body: string): string | undefined {
  if (nestingDepth(body, PRETTY_MAX_DEPTH) > PRETTY_MAX_DEPTH) return undefined;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return undefined;
  }
}

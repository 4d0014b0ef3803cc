/**
 * Where a JSON text stops being valid: the one place xborder computes it (files, stdin, NDJSON lines,
 * response bodies). JSON.parse's messages differ between Node versions and often carry no position
 * ("Unexpected token 'x', ... is not valid JSON"), so a small scanner finds the offset of the first
 * syntax error itself. It runs only after JSON.parse has failed, so its speed does not matter.
 */

/** A syntax error: byte-independent character offset, 1-based line and column, and what was wrong. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  /** True when the text ended before the value was complete (typical of a cut body). */
  atEnd: boolean;
  reason: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Returns the first syntax error of `text`, or undefined when it is one valid JSON value (or the position cannot be found). */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const fail = (reason: string): never => {
    throw new Stop(i, i >= text.length ? 'the text ends before the JSON value is complete' : reason);
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`unexpected character ${JSON.stringify(text[i])}`);
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('');
      const c = text.charCodeAt(i);
      if (c === 34) return void i++;
      if (c < 32) fail('control character inside a string');
      if (c === 92) {
        i++;
        const e = text[i];
        if (e === 'u') {
          // Like V8: the error sits at the first character that is not a hex digit.
          i++;
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail('bad \\u escape');
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail(`bad escape \\${e ?? ''}`);
      } else i++;
    }
  };
  // Step by step, so the offset of a broken number is where V8 puts it (after `1.` or `2e`).
  const digits = (what: string) => {
    const c = text[i];
    if (c === undefined || c < '0' || c > '9') fail(`unexpected character ${JSON.stringify(c)}, expected ${what}`);
    while (text[i] !== undefined && text[i]! >= '0' && text[i]! <= '9') i++;
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits('a digit');
    if (text[i] === '.') {
      i++;
      digits('a digit after the decimal point');
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits('a digit in the exponent');
    }
  };
  const value = (depth: number): void => {
    if (depth > 2_000) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail("expected ':' after a property name");
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail("expected ',' or '}' in an object");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail("expected ',' or ']' in an array");
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail(`unexpected character ${JSON.stringify(c)}, expected a value`);
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail('unexpected text after the JSON value');
    return undefined;
  } catch (e) {
    // Anything but our own stop (a stack overflow on absurd nesting) means: position unknown.
    if (!(e instanceof Stop)) return undefined;
    const offset = Math.min(e.offset, text.length);
    return { offset, ...lineColumn(text, offset), atEnd: offset >= text.length, reason: e.reason };
  }
}

/**
 * The syntax error of a text JSON.parse rejected. Falls back to V8's reported position when the
 * scanner finds nothing (nesting too deep for it).
 */
export function jsonErrorOf(text: string, parseError: Error): JsonSyntaxError {
  const found = findJsonSyntaxError(text);
  if (found) return found;
  const match = /position (\d+)/.exec(parseError.message);
  const offset = Math.min(match ? Number(match[1]) : text.length, text.length);
  const reason = parseError.message.replace(/ in JSON at position \d+.*$/s, '').replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '');
  return { offset, ...lineColumn(text, offset), atEnd: offset >= text.length, reason };
}

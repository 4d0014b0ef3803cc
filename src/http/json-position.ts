/**
 * Where a JSON text stops being valid. JSON.parse's messages differ between Node versions and often
 * carry no position, so a small scanner finds the offset of the first syntax error itself.
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
          if (i + 5 > text.length) i = text.length;
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('bad \\u escape');
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail(`bad escape \\${e ?? ''}`);
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '-' || m[0] === '') fail(`unexpected character ${JSON.stringify(text[i])}`);
    i += m![0].length;
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
    fail(`unexpected character ${JSON.stringify(c)}`);
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

/**
 * Where JSON text breaks, independent of the V8 version: some JSON.parse messages carry a position
 * ("in JSON at position 7"), others only quote the text ("Unexpected token 'x', ... is not valid
 * JSON"). A small scanner finds the first offending character and says what it expected. It runs only
 * after JSON.parse has failed, so its speed does not matter.
 */

/** The first syntax error of a JSON text. */
export interface JsonSyntaxError {
  /** Character offset of the error (the text's length for an unexpected end). */
  offset: number;
  /** What is wrong, lower case, no trailing period. */
  reason: string;
  /** 1-based line and column of `offset`. */
  line: number;
  column: number;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Finds the first syntax error in `text`; undefined when the text is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const n = text.length;
  const describe = (at: number): string => (at >= n ? 'unexpected end of input' : `unexpected character ${JSON.stringify(text[at])}`);
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const expect = (ch: string, what: string): void => {
    if (text[i] !== ch) throw new Stop(i, `${describe(i)}, expected ${what}`);
    i++;
  };
  const string = (): void => {
    const start = i;
    i++;
    for (;;) {
      if (i >= n) throw new Stop(start, 'unterminated string');
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 0x20) throw new Stop(i, 'control character in string (line breaks must be escaped as \\n)');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Stop(i, 'bad \\u escape in string');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) throw new Stop(i, 'bad escape in string');
        i += 2;
        continue;
      }
      i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    if ((c === '-' || (c !== undefined && c >= '0' && c <= '9')) && NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    throw new Stop(i, `${describe(i)}, expected a value`);
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') throw new Stop(i, `${describe(i)}, expected a double-quoted property name`);
      string();
      ws();
      expect(':', "':' after the property name");
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      expect('}', "',' or '}'");
      return;
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      expect(']', "',' or ']'");
      return;
    }
  };
  try {
    value();
    ws();
    if (i < n) throw new Stop(i, `${describe(i)} after the JSON value`);
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { offset: error.offset, reason: error.reason, ...lineColumn(text, error.offset) };
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * The syntax error of a text JSON.parse rejected. Falls back to V8's reported position when the
 * scanner finds nothing (it should not happen) or the nesting is too deep for it.
 */
export function jsonErrorOf(text: string, parseError: Error): JsonSyntaxError {
  let found: JsonSyntaxError | undefined;
  try {
    found = locateJsonError(text);
  } catch {
    found = undefined;
  }
  if (found) return found;
  const match = /position (\d+)/.exec(parseError.message);
  const offset = match ? Number(match[1]) : text.length;
  return { offset, reason: parseError.message.replace(/ in JSON at position \d+.*$/s, ''), ...lineColumn(text, offset) };
}

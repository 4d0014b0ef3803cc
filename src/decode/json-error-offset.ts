/**
 * Where JSON text first breaks. Node 20's JSON.parse omits the position for "Unexpected token"
 * errors (`Unexpected token '}', ..." is not valid JSON`), so a message built from it alone points
 * at the end of the file; this strict scanner finds the offending character instead.
 */

/** The 0-based offset of the first syntax error in `text`, or undefined when it is valid JSON. */
export function jsonErrorOffset(text: string): number | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.value();
    scanner.ws();
    if (scanner.i < text.length) throw new SyntaxAt(scanner.i);
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    // Nesting deep enough to exhaust the stack: let the caller fall back to JSON.parse's own message.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

class SyntaxAt {
  constructor(readonly offset: number) {}
}

class Scanner {
  i = 0;
  constructor(private readonly s: string) {}

  ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i])) this.i++;
  }

  private fail(): never {
    throw new SyntaxAt(Math.min(this.i, this.s.length));
  }

  private expect(ch: string): void {
    if (this.s[this.i] !== ch) this.fail();
    this.i++;
  }

  value(): void {
    this.ws();
    const ch = this.s[this.i];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === 't') return this.literal('true');
    if (ch === 'f') return this.literal('false');
    if (ch === 'n') return this.literal('null');
    if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number();
    this.fail();
  }

  private object(): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === '}') return void this.i++;
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail();
      this.string();
      this.ws();
      this.expect(':');
      this.value();
      this.ws();
      if (this.s[this.i] === ',') {
        this.i++;
        continue;
      }
      this.expect('}');
      return;
    }
  }

  private array(): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === ']') return void this.i++;
    for (;;) {
      this.value();
      this.ws();
      if (this.s[this.i] === ',') {
        this.i++;
        continue;
      }
      this.expect(']');
      return;
    }
  }

  private string(): void {
    this.i++;
    for (;;) {
      if (this.i >= this.s.length) this.fail();
      const c = this.s.charCodeAt(this.i);
      if (c === 0x22) return void this.i++;
      if (c < 0x20) this.fail();
      if (c === 0x5c) {
        const e = this.s[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) {
            this.i += 2;
            this.fail();
          }
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.i++;
          this.fail();
        }
        this.i += 2;
        continue;
      }
      this.i++;
    }
  }

  private literal(word: string): void {
    for (const ch of word) this.expect(ch);
  }

  private number(): void {
    if (this.s[this.i] === '-') this.i++;
    if (this.s[this.i] === '0') this.i++;
    else this.digits();
    if (this.s[this.i] === '.') {
      this.i++;
      this.digits();
    }
    if (this.s[this.i] === 'e' || this.s[this.i] === 'E') {
      this.i++;
      if (this.s[this.i] === '+' || this.s[this.i] === '-') this.i++;
      this.digits();
    }
  }

  private digits(): void {
    const start = this.i;
    while (this.s[this.i] >= '0' && this.s[this.i] <= '9') this.i++;
    if (this.i === start) this.fail();
  }
}

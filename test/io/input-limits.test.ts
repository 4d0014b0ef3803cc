/**
 * What a user gives xborder to read is bounded: a document of more than 64 MiB (a whole file or one
 * NDJSON line) and nesting deeper than 64 levels are refused naming the place and the limit, UTF-16
 * and UTF-32 files are named as such. Huge inputs are sparse files or streams: nothing here holds a
 * gigabyte in memory.
 */
import { closeSync, mkdtempSync, openSync, ftruncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../helpers/read-documents.js';
import { InputError } from '../../src/errors.js';
import { MAX_DOCUMENT_BYTES } from '../../src/io/input-limits.js';
import { parseJsonText, readJsonFile, readJsonStdin } from '../../src/io/parse-json.js';
import { wideEncodingOf } from '../../src/io/text-encoding.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-input-limits-'));
const GiB = 1024 ** 3;

/** A file of `head` followed by NUL bytes up to `size`: sparse, so it costs no disk and no memory. */
function sparseFile(name: string, head: string, size: number): string {
  const file = join(dir, name);
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  ftruncateSync(fd, size);
  closeSync(fd);
  return file;
}

async function inputError(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

/** A readable that yields `count` chunks of `chunk` after `head`, lazily (a stream, not a buffer). */
function lazyStream(head: string, chunk: Buffer, count: number): Readable {
  let n = 0;
  return new Readable({
    read() {
      if (n === 0) this.push(Buffer.from(head));
      if (n++ < count) this.push(chunk);
      else this.push(null);
    },
  });
}

describe('documents larger than the limit', () => {
  it('a 1 GiB single-line file is refused at 64 MiB, naming the file, the line and the limit', async () => {
    const file = sparseFile('huge.json', '{"OrderId":"', GiB);
    const error = await inputError(readJsonFile(file));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(`${file}:1: the JSON input is larger than 64 MiB (passed on line 1); xborder reads JSON documents of at most 64 MiB (67108864 bytes).`);
    expect(error.line).toBe(1);
  });

  it('the line named is the one where the limit was passed', async () => {
    const file = sparseFile('lines.json', '{\n"a":\n"', MAX_DOCUMENT_BYTES + 10);
    expect((await inputError(readJsonFile(file))).message).toContain(':3: the JSON input is larger than 64 MiB (passed on line 3)');
  });

  it('stdin is held to the same limit, read as a stream', async () => {
    const stdin = Object.assign(lazyStream('{"a":"', Buffer.alloc(1024 * 1024, 0x61), 80), { isTTY: false }) as unknown as NodeJS.ReadStream;
    const error = await inputError(readJsonStdin('xborder decode - < order.json', stdin));
    expect(error.message).toMatch(/^<stdin>:1: the JSON input is larger than 64 MiB/);
  });

  it('an NDJSON line over the limit stops validation with one error naming file, line and limit, after the lines before it', async () => {
    const file = sparseFile('huge.ndjson', '{"a":1}\n{"b":2}\n{"c":"', GiB);
    const seen: unknown[] = [];
    const error = await inputError(readDocuments(file, (d) => void seen.push(d.doc)));
    expect(error.message).toBe(`${file}:3: NDJSON line 3 is longer than 64 MiB; xborder reads JSON documents of at most 64 MiB (67108864 bytes).`);
    expect(error.line).toBe(3);
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('a 1 GiB single-line input to validate is refused the same way (not a RangeError)', async () => {
    const file = sparseFile('huge-single.json', '{"OrderId":"', GiB);
    const error = await inputError(readDocuments(file, () => undefined));
    expect(error.message).toMatch(/huge-single\.json:1: the JSON input is larger than 64 MiB \(passed on line 1\)/);
  });

  it('NDJSON streams of many ordinary lines still read in full, CRLF and a missing final newline included', async () => {
    const docs: unknown[] = [];
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(i % 300) }));
    const stream = Readable.from([Buffer.from(`\uFEFF${lines.join('\r\n')}`)]);
    await readDocuments('-', (d) => void docs.push(d.doc), stream);
    expect(docs).toHaveLength(5000);
    expect(docs[4999]).toMatchObject({ i: 4999 });
  });
});

describe('nesting deeper than the limit', () => {
  it('parseJsonText refuses it naming the depth limit, for any depth (no stack overflow)', () => {
    for (const depth of [65, 10_000, 1_000_000]) {
      let error: unknown;
      try {
        parseJsonText(`${'['.repeat(depth)}${']'.repeat(depth)}`, 'body.json');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toMatch(/^body\.json: the payload nests deeper than 64 levels \(at \/0\/0/);
    }
    expect(parseJsonText(`${'['.repeat(64)}${']'.repeat(64)}`, 'ok.json')).toBeDefined();
  });

  it('a --file or --body file nested deeply is refused the same way', async () => {
    const file = join(dir, 'deep-body.json');
    writeFileSync(file, `{"a":${'{"b":'.repeat(50_000)}1${'}'.repeat(50_000)}}`);
    expect((await inputError(readJsonFile(file))).message).toMatch(/deep-body\.json: the payload nests deeper than 64 levels \(at \/a\/b\/b\/b/);
  });
});

describe('UTF-16 and UTF-32 files', () => {
  const forms: [string, Buffer, string][] = [
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":1}', 'utf16le')]), 'UTF-16LE text (byte order mark FF FE)'],
    ['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('{"a":1}', 'utf16le').swap16()]), 'UTF-16BE text (byte order mark FE FF)'],
    ['UTF-16LE without BOM', Buffer.from('{"a":1}', 'utf16le'), 'UTF-16LE text (no byte order mark'],
    ['UTF-16BE without BOM', Buffer.from(' {"a":1}', 'utf16le').swap16(), 'UTF-16BE text (no byte order mark'],
    ['UTF-32LE with BOM', utf32('\uFEFF{"a":1}', 'le'), 'UTF-32LE text (byte order mark FF FE 00 00)'],
    ['UTF-32BE with BOM', utf32('\uFEFF{"a":1}', 'be'), 'UTF-32BE text (byte order mark 00 00 FE FF)'],
    ['UTF-32LE without BOM', utf32('{"a":1}', 'le'), 'UTF-32LE text (no byte order mark'],
    ['UTF-32BE without BOM', utf32('[1]', 'be'), 'UTF-32BE text (no byte order mark'],
  ];

  it.each(forms)('%s is named, with "save it as UTF-8", by every reader', async (name, bytes, words) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, bytes);
    for (const error of [await inputError(readJsonFile(file)), await inputError(readDocuments(file, () => undefined))]) {
      expect(error.message).toContain(`${file}: the file is ${words}`);
      expect(error.message).toContain('save it as UTF-8');
    }
  });

  it('UTF-8 (with or without its BOM) is not mistaken for them', async () => {
    expect(wideEncodingOf(Buffer.from('{"a":1}'))).toBeUndefined();
    expect(wideEncodingOf(Buffer.from('\uFEFF{"a":1}'))).toBeUndefined();
    expect(wideEncodingOf(Buffer.from('1'))).toBeUndefined();
    const file = join(dir, 'bom8.json');
    writeFileSync(file, '\uFEFF{"a":"é"}');
    expect(await readJsonFile(file)).toEqual({ a: 'é' });
  });

  it('stdin delivered a byte at a time is still recognised', async () => {
    const bytes = Buffer.from('{"a":1}', 'utf16le');
    const stdin = Object.assign(Readable.from([...bytes].map((b) => Buffer.from([b]))), { isTTY: false }) as unknown as NodeJS.ReadStream;
    expect((await inputError(readJsonStdin('hint', stdin))).message).toContain('<stdin>: the file is UTF-16LE text');
  });
});

function utf32(text: string, order: 'le' | 'be'): Buffer {
  const out = Buffer.alloc([...text].length * 4);
  [...text].forEach((ch, i) => (order === 'le' ? out.writeUInt32LE(ch.codePointAt(0)!, i * 4) : out.writeUInt32BE(ch.codePointAt(0)!, i * 4)));
  return out;
}

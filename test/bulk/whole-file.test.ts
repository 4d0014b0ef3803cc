/**
 * A small file read whole (runItem on a files item, as `validate` judges a folder of captures) gives
 * the documents, or the error, that reading it line by line gives (test/helpers/read-documents.ts
 * drives the line splitter and assembler alone): pretty-printed files parsed in one piece included,
 * whatever surrounds their opening line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judge } from '../../src/bulk/judge.js';
import { runItem, type FilesItem } from '../../src/bulk/work-item.js';
import { readDocuments, type InputDocument } from '../helpers/read-documents.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-whole-'));
const order = { OrderId: 'GE1GB', MerchantGUID: '00000000-0000-0000-0000-000000000000', Customer: { IsEndCustomerPrimary: false } };
const pretty = JSON.stringify(order, null, 2);

const texts: Record<string, string | Buffer> = {
  'pretty': pretty,
  'pretty with CRLF': pretty.replace(/\n/g, '\r\n'),
  'pretty with a byte order mark': `\ufeff${pretty}`,
  'spaces and a tab around the opening brace': pretty.replace(/^\{/, ' \t{  '),
  'an array opened on its own line': `[\n${pretty}\n]`,
  'a blank first line': `\n${pretty}`,
  'a no-break space before the brace': pretty.replace(/^\{/, '\u00a0{'),
  'two braces on the first line': `{{\n"a": 1}\n}`,
  'compact, one document': JSON.stringify(order),
  'NDJSON': `${JSON.stringify(order)}\n${JSON.stringify({ ...order, OrderId: 'GE2GB' })}\n`,
  'an opening line that is a whole document': `{}\n{}\n`,
  'NDJSON with a broken line and a truncated last line': `${JSON.stringify(order)}\n{"OrderId": }\n${JSON.stringify(order)}\n${JSON.stringify(order).slice(0, 20)}`,
  'malformed after a pretty opening': pretty.replace('"OrderId": "GE1GB",', '"OrderId": "GE1GB"'),
  'malformed CRLF after a pretty opening': pretty.replace('"OrderId": "GE1GB",', '"OrderId": "GE1GB"').replace(/\n/g, '\r\n'),
  'truncated pretty document': pretty.slice(0, 40),
  'UTF-16 pretty': Buffer.from(`\ufeff${pretty}`, 'utf16le'),
  'only an opening brace': '{\n',
};

/** What reading `file` line by line gives: its documents, or the error that stopped it (with those before). */
async function byLines(file: string): Promise<{ docs: InputDocument[]; error?: string }> {
  const docs: InputDocument[] = [];
  try {
    await readDocuments(file, (input) => void docs.push(input));
  } catch (error) {
    return { docs, error: (error as Error).message };
  }
  return { docs };
}

describe('a small file read whole gives what reading it line by line gives', () => {
  for (const [name, text] of Object.entries(texts)) {
    it(name, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, text);
      const bytes = Buffer.from(text);
      const item: FilesItem = { type: 'files', sources: [file], offsets: Int32Array.of(0, bytes.length), bytes };
      const whole = runItem(item, { forced: 'order', strict: false });
      const expected = await byLines(file);
      expect(whole.failure?.message).toBe(expected.error);
      expect(whole.docs).toEqual(expected.docs.map((input) => judge(input, 'order', false)));
    });
  }
});

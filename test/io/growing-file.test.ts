/**
 * A file written as it grows (src/io/growing-file.ts), on the real file system: a whole document
 * after every piece, created 0600 and renamed into place, a symbolic link at the path refused and
 * the file it names untouched, a FIFO written in order, a failed write reported at close.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGrowingFile } from '../../src/io/growing-file.js';

const OPENING = '{"entries": [';
const CLOSING = '\n]}\n';
const piece = (i: number) => `${i === 0 ? '' : ','}\n  {"n": ${i}, "text": "${'é'.repeat(i)}"}`;

describe('openGrowingFile', () => {
  it('is valid JSON before the first piece and after each, and private', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-grow-'));
    const path = join(dir, 'out.json');
    const file = await openGrowingFile(path, OPENING, CLOSING);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ entries: [] });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    for (let i = 0; i < 5; i++) {
      await file.append(piece(i));
      expect(JSON.parse(readFileSync(path, 'utf8')).entries).toHaveLength(i + 1);
    }
    await file.close();
    expect(readFileSync(path, 'utf8')).toBe(`${OPENING}${[0, 1, 2, 3, 4].map(piece).join('')}${CLOSING}`);
    // No temporary file is left beside it.
    expect(readdirSync(dir)).toEqual(['out.json']);
    await expect(file.append(piece(5))).rejects.toThrow(/closed/);
  });

  it('writes pieces given at once in their order', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'xb-grow-')), 'out.json');
    const file = await openGrowingFile(path, OPENING, CLOSING);
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => file.append(piece(i))));
    await file.close();
    expect(JSON.parse(readFileSync(path, 'utf8')).entries.map((e: { n: number }) => e.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('replaces a file that was there, longer than the new one', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'xb-grow-')), 'out.json');
    writeFileSync(path, 'x'.repeat(10_000));
    const file = await openGrowingFile(path, OPENING, CLOSING);
    await file.append(piece(0));
    await file.close();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ entries: [{ n: 0, text: '' }] });
  });

  it('refuses a symbolic link at the path and leaves the file it names as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-grow-'));
    writeFileSync(join(dir, 'victim'), 'keep me');
    symlinkSync(join(dir, 'victim'), join(dir, 'out.json'));
    await expect(openGrowingFile(join(dir, 'out.json'), OPENING, CLOSING)).rejects.toMatchObject({ code: 'ELOOP' });
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('keep me');
    expect(lstatSync(join(dir, 'out.json')).isSymbolicLink()).toBe(true);
  });

  it('writes a FIFO in order, the closing text once at close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-grow-'));
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const chunks: Buffer[] = [];
    const reader = createReadStream(fifo);
    reader.on('data', (c) => chunks.push(c as Buffer));
    const ended = new Promise<void>((resolve) => reader.on('end', () => resolve()));
    const file = await openGrowingFile(fifo, OPENING, CLOSING);
    await file.append(piece(0));
    await file.append(piece(1));
    await file.close();
    await ended;
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8')).entries).toHaveLength(2);
  });

  it('reports a write that fails (a full device) at the append and again at close', async () => {
    const file = await openGrowingFile('/dev/full', OPENING, CLOSING);
    await expect(file.append(piece(0))).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(file.append(piece(1))).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(file.close()).rejects.toMatchObject({ code: 'ENOSPC' });
  });
});

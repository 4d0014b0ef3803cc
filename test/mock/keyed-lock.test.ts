/** KeyedLock: the per-OrderId serialisation of the reference merchant. */
import { describe, expect, it } from 'vitest';
import { KeyedLock } from '../../src/mock/merchant/keyed-lock.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('KeyedLock', () => {
  it('runs tasks of one key one after another, and of different keys side by side', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await sleep(20);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([lock.run('A', task('a1')), lock.run('A', task('a2')), lock.run('B', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    // a2 starts only after a1 ended; b1 starts before a1 ends.
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('a failed task does not fail or block the next one of its key', async () => {
    const lock = new KeyedLock();
    const failed = lock.run('A', async () => { throw new Error('boom'); });
    const next = lock.run('A', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});

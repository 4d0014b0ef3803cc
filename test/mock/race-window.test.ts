/**
 * The reference merchant's race window (redelivery-race, refund-race), on fake timers so that what
 * is asserted is the rule and not the machine's speed: the copies of a burst are held until none has
 * arrived for RACE_QUIET_MS (at most RACE_BURST_MAX_MS), released in the order they arrived; keys
 * are independent; nothing is kept once a burst is over.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RACE_BURST_MAX_MS, RACE_QUIET_MS, RaceWindow } from '../../src/mock/merchant/race-faults.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a copy of `key` now; its entry in `released` says when (fake ms) it went on, in order. */
function copy(window: RaceWindow, key: string, name: string, released: Array<[string, number]>): Promise<void> {
  return window.pause(key).then(() => void released.push([name, Date.now()]));
}

describe('RaceWindow', () => {
  it('holds copies 120 ms apart until the last has been quiet for the window, and releases them in arrival order', async () => {
    const window = new RaceWindow();
    const start = Date.now();
    const released: Array<[string, number]> = [];
    const copies = [copy(window, 'GE1', 'c1', released)];
    await vi.advanceTimersByTimeAsync(120);
    copies.push(copy(window, 'GE1', 'c2', released));
    await vi.advanceTimersByTimeAsync(120);
    copies.push(copy(window, 'GE1', 'c3', released));
    await vi.advanceTimersByTimeAsync(RACE_QUIET_MS - 1);
    expect(released).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(copies);
    expect(released.map(([name]) => name)).toEqual(['c1', 'c2', 'c3']);
    expect(released.every(([, at]) => at - start === 240 + RACE_QUIET_MS)).toBe(true);
    expect(window.open).toBe(0);
  });

  it("another key's copies are not held by this one's burst", async () => {
    const window = new RaceWindow();
    const start = Date.now();
    const released: Array<[string, number]> = [];
    const a = copy(window, 'GE1', 'a', released);
    await vi.advanceTimersByTimeAsync(100);
    const b = copy(window, 'GE2', 'b', released);
    await vi.advanceTimersByTimeAsync(50);
    const a2 = copy(window, 'GE1', 'a2', released);
    await vi.advanceTimersByTimeAsync(RACE_QUIET_MS);
    await Promise.all([a, b, a2]);
    // b goes on RACE_QUIET_MS after its own arrival; a and a2 as long after a2's.
    expect(released.map(([name, at]) => [name, at - start])).toEqual([['b', 100 + RACE_QUIET_MS], ['a', 150 + RACE_QUIET_MS], ['a2', 150 + RACE_QUIET_MS]]);
    expect(window.open).toBe(0);
  });

  it('a steady stream of copies closer than the window is released after RACE_BURST_MAX_MS, not never', async () => {
    const window = new RaceWindow();
    const start = Date.now();
    const released: Array<[string, number]> = [];
    const first = copy(window, 'GE1', 'first', released);
    for (let t = 0; t < 3 * RACE_BURST_MAX_MS && released.length === 0; t += RACE_QUIET_MS - 50) {
      void copy(window, 'GE1', `at ${t}`, released);
      await vi.advanceTimersByTimeAsync(RACE_QUIET_MS - 50);
    }
    await first;
    expect(released[0]![0]).toBe('first');
    expect(released[0]![1] - start).toBe(RACE_BURST_MAX_MS);
  });
});

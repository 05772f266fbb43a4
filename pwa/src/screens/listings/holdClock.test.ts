import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdClock } from './holdClock';

describe('holdClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one interval for all its listeners, ticking each second, and stops with the last one', () => {
    expect(holdClock.isRunning()).toBe(false);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = holdClock.subscribe(first);
    const stopSecond = holdClock.subscribe(second);
    expect(holdClock.isRunning()).toBe(true);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(3_000);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);
    expect(holdClock.read()).toBe(Date.parse('2026-11-24T08:00:03Z'));

    stopFirst();
    expect(holdClock.isRunning()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(4);

    stopSecond();
    expect(holdClock.isRunning()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds the last tick between ticks while running, and reads the real time when stopped', () => {
    const stop = holdClock.subscribe(() => {});
    vi.advanceTimersByTime(1_000);
    vi.setSystemTime(Date.parse('2026-11-24T08:00:01.600Z'));
    // The countdowns all show the same moment until the next tick.
    expect(holdClock.read()).toBe(Date.parse('2026-11-24T08:00:01Z'));
    stop();
    expect(holdClock.read()).toBe(Date.parse('2026-11-24T08:00:01.600Z'));
  });
});

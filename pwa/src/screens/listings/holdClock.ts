/**
 * One clock for every hold countdown on the page: a single one-second interval, running only while
 * a countdown is on screen. Each countdown reads the time through `useHoldClock`, with a selector,
 * and re-renders only when what it shows changes: the remaining time is shown to the minute, so a
 * card re-renders about once a minute instead of every second, and the rest of the screen (the
 * totals, the other cards, the grid) not at all.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 1_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
  };
}

/** The time the countdowns show: the last tick's while the clock runs, else the real one. */
function read(): number {
  return timer === undefined ? Date.now() : now;
}

/** The clock's store, for its tests. */
export const holdClock = { subscribe, read, isRunning: () => timer !== undefined };

/**
 * A value worked out from the current time (ms since the epoch), re-read every second. `select`
 * must return a primitive: the component re-renders only when it differs from the last one.
 */
export function useHoldClock<Value extends string | number | boolean | null>(select: (now: number) => Value): Value {
  return useSyncExternalStore(
    subscribe,
    () => select(read()),
    () => select(read()),
  );
}

import { type Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { concurrencyGate } from './concurrencyGate';

const ctx = {} as Context;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrencyGate', () => {
  it('runs at most `limit` at once, the rest in arrival order', async () => {
    const gate = concurrencyGate({ limit: 2, maxWaitMs: 5_000 });
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        gate(ctx, async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await sleep(20);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('answers 503 to a request that waited too long, and frees its place in line', async () => {
    const gate = concurrencyGate({ limit: 1, maxWaitMs: 30 });
    const slow = gate(ctx, () => sleep(100));
    const refused = gate(ctx, async () => undefined).catch((error: unknown) => error);
    expect(await refused).toBeInstanceOf(HttpError);
    expect(((await refused) as HttpError).status).toBe(503);
    await slow;
    let ran = false;
    await gate(ctx, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it('frees the slot when the request fails', async () => {
    const gate = concurrencyGate({ limit: 1, maxWaitMs: 1_000 });
    await expect(gate(ctx, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let ran = false;
    await gate(ctx, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});

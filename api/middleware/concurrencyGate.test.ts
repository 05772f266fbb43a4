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

  for (const [line, options] of [
    ['the common line', { limit: 1, maxWaitMs: 30 }],
    ["its key's own line", { limit: 5, maxWaitMs: 30, onePer: () => 'same' }],
  ] as const) {
    it(`answers 503 to a request that waited too long in ${line}, and frees its place there`, async () => {
      const gate = concurrencyGate(options);
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
  }

  it('frees the slot when the request fails', async () => {
    const gate = concurrencyGate({ limit: 1, maxWaitMs: 1_000 });
    await expect(gate(ctx, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let ran = false;
    await gate(ctx, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("runs one key's requests one at a time, in order, without holding places others could use", async () => {
    const gate = concurrencyGate({ limit: 2, maxWaitMs: 5_000, onePer: (context) => (context as unknown as { key: string }).key });
    const of = (key: string) => ({ key }) as unknown as Context;
    const log: string[] = [];
    const request = (key: string, name: string) =>
      gate(of(key), async () => {
        log.push(`start ${name}`);
        await sleep(30);
        log.push(`end ${name}`);
      });
    const first = [request('a', 'a1'), request('a', 'a2'), request('a', 'a3')];
    // b arrives last, yet a2 and a3 wait in a's own line: b takes the second place at once.
    const b = request('b', 'b1');
    await Promise.all([...first, b]);
    expect(log.slice(0, 2)).toEqual(['start a1', 'start b1']);
    expect(log.filter((line) => line.endsWith('a1') || line.endsWith('a2') || line.endsWith('a3'))).toEqual([
      'start a1',
      'end a1',
      'start a2',
      'end a2',
      'start a3',
      'end a3',
    ]);
  });
});

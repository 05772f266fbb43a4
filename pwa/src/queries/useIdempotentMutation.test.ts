import { describe, expect, it } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import type { ErrorCode } from '../../../shared/errorCodes';
import { ApiError } from '../api/client';
import { createQueryClient } from '../queryClient';
import { IdempotencyKeys, isOutcomeUnknown, withIdempotencyKey } from './useIdempotentMutation';

/** Keys 'k1', 'k2', … so the tests can say which one was sent. */
function countingKeys() {
  let n = 0;
  return new IdempotencyKeys(() => `k${++n}`);
}

/** A request that answers with the queued outcomes in turn and records the key of each call. */
function scriptedSend(outcomes: Array<'ok' | Error>) {
  const sent: string[] = [];
  const send = async (_body: { amount: string }, key: string) => {
    sent.push(key);
    const outcome = outcomes.shift();
    if (outcome === undefined || outcome === 'ok') return { ok: true };
    throw outcome;
  };
  return { sent, send };
}

const networkError = () => new TypeError('Failed to fetch');
const apiError = (status: number, code?: ErrorCode) => new ApiError(status, 'refused', code ? { code } : {});

describe('isOutcomeUnknown', () => {
  it('is true when no answer arrived or the answer does not say whether the server acted', () => {
    expect(isOutcomeUnknown(networkError())).toBe(true);
    expect(isOutcomeUnknown(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isOutcomeUnknown(apiError(502))).toBe(true);
    expect(isOutcomeUnknown(apiError(409, 'idempotency_key_in_progress'))).toBe(true);
  });

  it('is false for an answer the API decided', () => {
    expect(isOutcomeUnknown(apiError(400))).toBe(false);
    expect(isOutcomeUnknown(apiError(402, 'insufficient_balance'))).toBe(false);
    expect(isOutcomeUnknown(apiError(409))).toBe(false);
  });
});

describe('withIdempotencyKey', () => {
  it('reuses the key when the same body is retried after a network error', async () => {
    const { sent, send } = scriptedSend([networkError(), 'ok']);
    const mutate = withIdempotencyKey(countingKeys(), send);
    await expect(mutate({ amount: '25.00' })).rejects.toThrow('Failed to fetch');
    await mutate({ amount: '25.00' });
    expect(sent).toEqual(['k1', 'k1']);
  });

  it('keeps the key through several unknown outcomes (5xx, still in progress)', async () => {
    const { sent, send } = scriptedSend([apiError(504), apiError(409, 'idempotency_key_in_progress'), 'ok']);
    const mutate = withIdempotencyKey(countingKeys(), send);
    await expect(mutate({ amount: '25.00' })).rejects.toThrow();
    await expect(mutate({ amount: '25.00' })).rejects.toThrow();
    await mutate({ amount: '25.00' });
    expect(sent).toEqual(['k1', 'k1', 'k1']);
  });

  it('draws a new key after a success, even for the same body', async () => {
    const { sent, send } = scriptedSend(['ok', 'ok']);
    const mutate = withIdempotencyKey(countingKeys(), send);
    await mutate({ amount: '25.00' });
    await mutate({ amount: '25.00' });
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('draws a new key after the API refused the request', async () => {
    const { sent, send } = scriptedSend([apiError(400), 'ok']);
    const mutate = withIdempotencyKey(countingKeys(), send);
    await expect(mutate({ amount: '5.00' })).rejects.toThrow();
    await mutate({ amount: '5.00' });
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('draws a new key when a changed body follows a network error', async () => {
    const { sent, send } = scriptedSend([networkError(), 'ok']);
    const mutate = withIdempotencyKey(countingKeys(), send);
    await expect(mutate({ amount: '25.00' })).rejects.toThrow();
    await mutate({ amount: '30.00' });
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('compares attempts by attemptOf when given', async () => {
    const sent: string[] = [];
    const outcomes: Array<Error | null> = [networkError(), null];
    const mutate = withIdempotencyKey(
      countingKeys(),
      async (variables: { id: string; note: string }, key) => {
        sent.push(key);
        const outcome = outcomes.shift();
        if (outcome) throw outcome;
        return variables.id;
      },
      (variables) => variables.id,
    );
    await expect(mutate({ id: 'a', note: 'first try' })).rejects.toThrow();
    await mutate({ id: 'a', note: 'second try' });
    expect(sent).toEqual(['k1', 'k1']);
  });

  it('works as a TanStack mutation function (retry through the mutation observer)', async () => {
    const { sent, send } = scriptedSend([networkError(), 'ok']);
    const observer = new MutationObserver(createQueryClient(), { mutationFn: withIdempotencyKey(countingKeys(), send) });
    await expect(observer.mutate({ amount: '25.00' })).rejects.toThrow();
    await expect(observer.mutate({ amount: '25.00' })).resolves.toEqual({ ok: true });
    expect(sent).toEqual(['k1', 'k1']);
  });
});

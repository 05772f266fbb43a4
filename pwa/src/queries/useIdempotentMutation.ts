/**
 * Mutations that must happen at most once however often they are sent (money moves, purchases,
 * payment methods) carry an `Idempotency-Key` (api/middleware/idempotency.ts: a repeat with the
 * same key and body gets the first answer back instead of running again).
 *
 * The key belongs to one logical attempt, not to one request:
 * - a new attempt (first submission, or different variables) draws a new key;
 * - while the outcome of the attempt is unknown (no answer arrived: offline, connection dropped,
 *   aborted; a 5xx, which may come from a proxy after the API acted; or the API's 409 "still being
 *   processed"), sending the same variables again reuses the key, so the server replays the first
 *   result instead of moving money twice;
 * - a definitive answer (success, or a 4xx the API gave) ends the attempt: the next submission,
 *   even with the same variables, is a new one with a new key.
 *
 * Usage:
 * ```ts
 * useIdempotentMutation({
 *   mutationFn: (input: PurchaseRequest, idempotencyKey) =>
 *     apiFetch('/api/purchases', purchaseAnswer, { method: 'POST', body: input, headers: idempotencyHeaders(idempotencyKey) }),
 *   onSuccess: …,            // every other useMutation option as usual
 * });
 * ```
 */
import { useState } from 'react';
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** True when the failure leaves open whether the server acted, so a retry must reuse the key. */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // idempotency_key_in_progress: a request with the same key is still running, its outcome unknown.
  return error.status >= 500 || error.body.code === 'idempotency_key_in_progress';
}

/** The key of the current attempt; pure, so the rules above are testable without React. */
export class IdempotencyKeys {
  private pending: { attempt: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key to send for this attempt: the pending one when it is the same attempt, else a new one. */
  keyFor(attempt: string): string {
    if (this.pending?.attempt !== attempt) this.pending = { attempt, key: this.newKey() };
    return this.pending.key;
  }

  /** Records how the request ended: only an unknown outcome keeps the key for a retry. */
  settle(attempt: string, error?: unknown): void {
    if (this.pending?.attempt !== attempt) return;
    if (error !== undefined && isOutcomeUnknown(error)) return;
    this.pending = null;
  }
}

export interface IdempotentMutationOptions<TData, TVariables, TContext>
  extends Omit<UseMutationOptions<TData, Error, TVariables, TContext>, 'mutationFn'> {
  /** Sends the request; put `idempotencyHeaders(idempotencyKey)` on it. */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  /**
   * What makes two submissions the same attempt. Default: the variables themselves (compared as
   * JSON), i.e. the same body; a deletion might use just the id.
   */
  attemptOf?: (variables: TVariables) => unknown;
}

/** The mutation function with the key handling around `send`; the hook's core, exported for tests. */
export function withIdempotencyKey<TData, TVariables>(
  keys: IdempotencyKeys,
  send: (variables: TVariables, idempotencyKey: string) => Promise<TData>,
  attemptOf: (variables: TVariables) => unknown = (variables) => variables,
): (variables: TVariables) => Promise<TData> {
  return async (variables) => {
    const attempt = JSON.stringify(attemptOf(variables) ?? null);
    const key = keys.keyFor(attempt);
    try {
      const data = await send(variables, key);
      keys.settle(attempt);
      return data;
    } catch (error) {
      keys.settle(attempt, error);
      throw error;
    }
  };
}

/** useMutation whose mutationFn also gets the attempt's Idempotency-Key (see the file's comment). */
export function useIdempotentMutation<TData, TVariables = void, TContext = unknown>({
  mutationFn,
  attemptOf,
  ...options
}: IdempotentMutationOptions<TData, TVariables, TContext>): UseMutationResult<TData, Error, TVariables, TContext> {
  // One attempt tracker per mounted mutation, kept across renders.
  const [keys] = useState(() => new IdempotencyKeys());
  return useMutation({ ...options, mutationFn: withIdempotencyKey(keys, mutationFn, attemptOf) });
}

/** Test helpers for the wallet: money enters through the real checkout and webhook path. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type TestApp, type TestClient } from './testApp';

export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** Starts a PayPal deposit and answers the hosted checkout's URL. */
export async function startDeposit(client: TestClient, amount: string): Promise<{ depositId: string; checkoutUrl: string }> {
  const response = await client.post<{ depositId: string; checkoutUrl: string }>('/api/deposits', { method: 'paypal', amount }, idempotencyKey());
  expect(response.status).toBe(201);
  return response.body;
}

/** Presses a button on the simulated checkout page, as the browser's form post does. */
export async function pressCheckout(checkoutUrl: string, button: 'pay' | 'cancel'): Promise<string> {
  const response = await fetch(`${checkoutUrl}/${button}`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

/** Tops the signed-in client's balance up through checkout + webhook. */
export async function fund(client: TestClient, amount: string): Promise<void> {
  const { checkoutUrl } = await startDeposit(client, amount);
  expect(await pressCheckout(checkoutUrl, 'pay')).toMatch(/\/add-funds\?deposit=success$/);
}

export async function balanceOf(client: TestClient): Promise<string> {
  return ((await client.get<{ balance: string }>('/api/user')).body as { balance: string }).balance;
}

export type { TestApp };

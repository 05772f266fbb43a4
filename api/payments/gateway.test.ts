import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeGateway, WebhookVerificationError } from './gateway';

const secret = 'whsec_test_0123456789abcdef';
const gateway = createStripeGateway({ secretKey: 'sk_test_not_used_offline', webhookSecret: secret });
const signer = new Stripe('sk_test_not_used_offline');
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.json`), 'utf8');

function signed(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

describe('the Stripe gateway reading recorded webhooks', () => {
  it('turns checkout.session.completed (paid) into a completed deposit event', () => {
    const payload = fixture('checkout.session.completed');
    expect(gateway.verifyWebhook(payload, signed(payload))).toEqual({
      type: 'checkout.completed',
      eventId: 'evt_1QkZ3vLkdIwHu7ixG8yFq2Ab',
      checkoutId: 'cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
      depositId: '4b7f2c1e-9a3d-4e8b-b5c6-1d2e3f4a5b6c',
      amountCents: 2500n,
      currency: 'usd',
    });
  });

  it('ignores a completed session that is not paid yet (delayed payment methods)', () => {
    const payload = fixture('checkout.session.completed').replace('"payment_status": "paid"', '"payment_status": "unpaid"');
    expect(gateway.verifyWebhook(payload, signed(payload))).toEqual({ type: 'ignored', eventId: 'evt_1QkZ3vLkdIwHu7ixG8yFq2Ab' });
  });

  it('turns checkout.session.expired into a cancelled deposit event', () => {
    const payload = fixture('checkout.session.expired');
    expect(gateway.verifyWebhook(payload, signed(payload))).toMatchObject({
      type: 'checkout.cancelled',
      checkoutId: 'cs_test_z9Y8x7W6v5U4t3S2r1QpOnMlKjIhGfEdCbA',
      depositId: '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
    });
  });

  it('refuses a missing, forged or stale signature, and a tampered body', () => {
    const payload = fixture('checkout.session.completed');
    expect(() => gateway.verifyWebhook(payload, {})).toThrow(WebhookVerificationError);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => gateway.verifyWebhook(payload, { 'stripe-signature': forged })).toThrow(WebhookVerificationError);
    expect(() => gateway.verifyWebhook(payload, signed(payload, Math.floor(Date.now() / 1000) - 400))).toThrow(WebhookVerificationError);
    const headers = signed(payload);
    expect(() => gateway.verifyWebhook(payload.replace('2500', '250000'), headers)).toThrow(WebhookVerificationError);
  });
});

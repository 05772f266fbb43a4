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
      paymentId: 'pi_3QkZ3uLkdIwHu7ix0Yq5nT2w',
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

  it("turns charge.refunded into a reversal of the charge's refunds so far, naming the deposit and the payment", () => {
    const payload = fixture('charge.refunded');
    expect(gateway.verifyWebhook(payload, signed(payload))).toEqual({
      type: 'payment.reversed',
      eventId: 'evt_3QkZ3uLkdIwHu7ix1Rf8sT4u',
      reason: 'refund',
      depositId: '4b7f2c1e-9a3d-4e8b-b5c6-1d2e3f4a5b6c',
      paymentId: 'pi_3QkZ3uLkdIwHu7ix0Yq5nT2w',
      source: 'refund',
      amountCents: 1000n,
      currency: 'usd',
    });
  });

  it("turns a dispute's created and funds_withdrawn events into the same reversal of the disputed amount", () => {
    const reversal = {
      type: 'payment.reversed',
      reason: 'dispute',
      depositId: null,
      paymentId: 'pi_3QkZ3uLkdIwHu7ix0Yq5nT2w',
      source: 'dispute:dp_1QkZDqLkdIwHu7ixE6f7G8h9',
      amountCents: 2500n,
      currency: 'usd',
    };
    const created = fixture('charge.dispute.created');
    expect(gateway.verifyWebhook(created, signed(created))).toEqual({ ...reversal, eventId: 'evt_1QkZDqLkdIwHu7ixA2b3C4d5' });
    const withdrawn = fixture('charge.dispute.funds_withdrawn');
    expect(gateway.verifyWebhook(withdrawn, signed(withdrawn))).toEqual({ ...reversal, eventId: 'evt_1QkZDrLkdIwHu7ixJ0k1L2m3' });
  });

  it("turns a won dispute's funds_reinstated into a reinstatement of that dispute", () => {
    const payload = fixture('charge.dispute.funds_reinstated');
    expect(gateway.verifyWebhook(payload, signed(payload))).toEqual({
      type: 'payment.reinstated',
      eventId: 'evt_1QmA7sLkdIwHu7ixR5s6T7u8',
      depositId: null,
      paymentId: 'pi_3QkZ3uLkdIwHu7ix0Yq5nT2w',
      source: 'dispute:dp_1QkZDqLkdIwHu7ixE6f7G8h9',
      amountCents: 2500n,
      currency: 'usd',
    });
  });

  it('ignores events it has no use for', () => {
    const payload = fixture('charge.refunded').replaceAll('"charge.refunded"', '"charge.updated"');
    expect(gateway.verifyWebhook(payload, signed(payload))).toEqual({ type: 'ignored', eventId: 'evt_3QkZ3uLkdIwHu7ix1Rf8sT4u' });
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

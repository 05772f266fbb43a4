/**
 * The simulated payment provider's side of the PaymentGateway interface: checkouts it hosts under
 * /dev/pay, and webhooks signed like Stripe's (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`)
 * that the production webhook route verifies through this same interface: a checkout completed or
 * cancelled, and a paid checkout refunded or disputed (named like Stripe's events).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type Config } from '../../config';
import { type PaymentGateway, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError } from '../../payments/gateway';

export const SIMULATED_SIGNATURE_HEADER = 'sim-signature';

export function signSimulatedWebhook(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type SimulatedEventBody =
  | {
      id: string;
      type: 'checkout.completed' | 'checkout.cancelled';
      data: { checkoutId: string; clientReference: string; paymentId?: string; amountCents: string; currency: string };
    }
  | {
      id: string;
      /** `refundedCents`: all refunds of the payment so far. */
      type: 'charge.refunded';
      data: { checkoutId: string; clientReference: string; paymentId: string; refundedCents: string; currency: string };
    }
  | {
      id: string;
      /**
       * The first two are sent one after the other when a payer disputes, both for the same dispute
       * and amount; the last when the dispute is won and the money comes back.
       */
      type: 'charge.dispute.created' | 'charge.dispute.funds_withdrawn' | 'charge.dispute.funds_reinstated';
      data: { checkoutId: string; clientReference: string; paymentId: string; disputeId: string; amountCents: string; currency: string };
    };

export function simulatedWebhookSecret(config: Config, sessionKey: string): string {
  return createHmac('sha256', sessionKey).update(`simulated-payments-webhook|${config.publicUrl}`).digest('hex');
}

export function createSimulatedGateway(options: { config: Config; dataSource: DataSource; webhookSecret: string }): PaymentGateway {
  const { config, dataSource, webhookSecret } = options;
  return {
    async createCheckout(request) {
      const checkoutId = `cs_sim_${randomBytes(12).toString('hex')}`;
      await dataSource.query(
        `INSERT INTO sim_payment_checkouts (id, amount_cents, currency, client_reference, success_url, cancel_url)
         VALUES ($1, $2, 'usd', $3, $4, $5)`,
        [checkoutId, request.amountCents.toString(), request.depositId, request.successUrl, request.cancelUrl],
      );
      return { checkoutId, checkoutUrl: `${config.publicUrl}/dev/pay/checkout/${checkoutId}` };
    },

    verifyWebhook(rawBody, headers, now = new Date()) {
      const header = headers[SIMULATED_SIGNATURE_HEADER];
      if (!header) throw new WebhookVerificationError('missing signature');
      const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
      const timestamp = Number(parts.t);
      if (!Number.isInteger(timestamp) || !parts.v1) throw new WebhookVerificationError('malformed signature header');
      if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookVerificationError('stale timestamp');
      const expected = Buffer.from(signSimulatedWebhook(webhookSecret, rawBody, timestamp).split('v1=')[1]!, 'hex');
      const received = Buffer.from(parts.v1, 'hex');
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) throw new WebhookVerificationError('bad signature');
      let event: SimulatedEventBody;
      try {
        event = JSON.parse(rawBody) as SimulatedEventBody;
      } catch {
        throw new WebhookVerificationError('unreadable body');
      }
      if (event.type === 'checkout.completed') {
        return {
          type: 'checkout.completed',
          eventId: event.id,
          checkoutId: event.data.checkoutId,
          depositId: event.data.clientReference,
          paymentId: event.data.paymentId ?? null,
          amountCents: BigInt(event.data.amountCents),
          currency: event.data.currency,
        };
      }
      if (event.type === 'checkout.cancelled') {
        return { type: 'checkout.cancelled', eventId: event.id, checkoutId: event.data.checkoutId, depositId: event.data.clientReference };
      }
      if (event.type === 'charge.refunded') {
        return {
          type: 'payment.reversed',
          eventId: event.id,
          reason: 'refund',
          depositId: event.data.clientReference,
          paymentId: event.data.paymentId,
          source: 'refund',
          amountCents: BigInt(event.data.refundedCents),
          currency: event.data.currency,
        };
      }
      if (event.type === 'charge.dispute.funds_reinstated') {
        return {
          type: 'payment.reinstated',
          eventId: event.id,
          depositId: null,
          paymentId: event.data.paymentId,
          source: `dispute:${event.data.disputeId}`,
          amountCents: BigInt(event.data.amountCents),
          currency: event.data.currency,
        };
      }
      if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.funds_withdrawn') {
        // Like Stripe's disputes, these name only the payment, not the deposit.
        return {
          type: 'payment.reversed',
          eventId: event.id,
          reason: 'dispute',
          depositId: null,
          paymentId: event.data.paymentId,
          source: `dispute:${event.data.disputeId}`,
          amountCents: BigInt(event.data.amountCents),
          currency: event.data.currency,
        };
      }
      return { type: 'ignored', eventId: String((event as { id?: unknown }).id ?? '') };
    },
  };
}

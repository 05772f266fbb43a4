/**
 * The payment provider behind PayPal-type deposits: a hosted checkout and a signed webhook that is
 * the only way a deposit is credited. `simulated` is the provider this server mounts under
 * /dev/pay; `live` is Stripe Checkout through Stripe's official SDK.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { type DataSource } from 'typeorm';
import { type Config } from '../config';

export interface CheckoutRequest {
  depositId: string;
  amountCents: bigint;
  successUrl: string;
  cancelUrl: string;
}

/** What a verified webhook tells us, in the provider-neutral shape the deposit commands use. */
export type PaymentEvent =
  | { type: 'checkout.completed'; eventId: string; checkoutId: string; depositId: string; amountCents: bigint; currency: string }
  | { type: 'checkout.cancelled'; eventId: string; checkoutId: string; depositId: string }
  | { type: 'ignored'; eventId: string };

/** A webhook that must not be trusted: bad or missing signature, stale timestamp, unreadable body. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface PaymentGateway {
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; checkoutUrl: string }>;
  /** Verifies signature and freshness, then reads the event; throws WebhookVerificationError. */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>, now?: Date): PaymentEvent;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIMULATED_SIGNATURE_HEADER = 'sim-signature';

/** The simulated provider signs like Stripe: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signSimulatedWebhook(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface SimulatedEventBody {
  id: string;
  type: 'checkout.completed' | 'checkout.cancelled';
  data: { checkoutId: string; clientReference: string; amountCents: string; currency: string };
}

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
          amountCents: BigInt(event.data.amountCents),
          currency: event.data.currency,
        };
      }
      if (event.type === 'checkout.cancelled') {
        return { type: 'checkout.cancelled', eventId: event.id, checkoutId: event.data.checkoutId, depositId: event.data.clientReference };
      }
      return { type: 'ignored', eventId: String((event as { id?: unknown }).id ?? '') };
    },
  };
}

/** Stripe Checkout: a hosted payment page per deposit; `checkout.session.completed` credits it. */
export function createStripeGateway(options: { secretKey: string; webhookSecret: string }): PaymentGateway {
  const stripe = new Stripe(options.secretKey);
  return {
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.depositId,
          metadata: { depositId: request.depositId },
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'usd', unit_amount: Number(request.amountCents), product_data: { name: 'SkinMarket balance top-up' } },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // Stripe's own idempotency: one Checkout Session per deposit, however often this is retried.
        { idempotencyKey: `deposit-${request.depositId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { checkoutId: session.id, checkoutUrl: session.url };
    },

    verifyWebhook(rawBody, headers, now = new Date()) {
      const signature = headers['stripe-signature'];
      if (!signature) throw new WebhookVerificationError('missing signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (error) {
        throw new WebhookVerificationError((error as Error).message);
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        if (session.payment_status !== 'paid') return { type: 'ignored', eventId: event.id };
        return {
          type: 'checkout.completed',
          eventId: event.id,
          checkoutId: session.id,
          depositId: session.client_reference_id ?? session.metadata?.depositId ?? '',
          amountCents: BigInt(session.amount_total ?? 0),
          currency: session.currency ?? '',
        };
      }
      if (event.type === 'checkout.session.expired') {
        const session = event.data.object;
        return { type: 'checkout.cancelled', eventId: event.id, checkoutId: session.id, depositId: session.client_reference_id ?? '' };
      }
      return { type: 'ignored', eventId: event.id };
    },
  };
}

export function createPaymentGateway(options: { config: Config; dataSource: DataSource; sessionKey: string }): PaymentGateway {
  const { config } = options;
  if (config.paymentsMode === 'live') {
    return createStripeGateway({ secretKey: config.stripeSecretKey!, webhookSecret: config.stripeWebhookSecret! });
  }
  return createSimulatedGateway({ config, dataSource: options.dataSource, webhookSecret: simulatedWebhookSecret(config, options.sessionKey) });
}

/**
 * The payment provider behind PayPal-type deposits: a hosted checkout and a signed webhook that is
 * the only way a deposit is credited. `live` is Stripe Checkout through Stripe's official SDK; the
 * simulated provider (api/dev/pay) implements the same interface in simulated mode.
 */
import Stripe from 'stripe';

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

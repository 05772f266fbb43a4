/**
 * The payment provider behind PayPal-type deposits: a hosted checkout and a signed webhook that is
 * the only way a deposit is credited, and that also reports when the provider takes a payment back
 * (a refund or a dispute). `live` is Stripe Checkout through Stripe's official SDK; the simulated
 * provider (api/dev/pay) implements the same interface in simulated mode.
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
  | {
      type: 'checkout.completed';
      eventId: string;
      checkoutId: string;
      depositId: string;
      /** The provider's payment the checkout made (Stripe: the PaymentIntent), which reversals name. */
      paymentId: string | null;
      amountCents: bigint;
      currency: string;
    }
  | { type: 'checkout.cancelled'; eventId: string; checkoutId: string; depositId: string }
  | PaymentReversal
  | PaymentReinstatement
  | { type: 'ignored'; eventId: string };

/**
 * The provider took (some of) a completed payment back: refunded it, or the payer disputed it.
 * Amounts are running totals per source, so a repeated or restated event asks for nothing new.
 */
export interface PaymentReversal {
  type: 'payment.reversed';
  eventId: string;
  reason: 'refund' | 'dispute';
  /** Our deposit id when the event carries it back (Stripe: the payment's metadata). */
  depositId: string | null;
  /** The provider's payment it belongs to (Stripe: the PaymentIntent). */
  paymentId: string | null;
  /** What takes the money back: `refund` (all refunds of the payment together) or `dispute:<id>`. */
  source: string;
  /** How much that source has taken back so far, in cents. */
  amountCents: bigint;
  currency: string;
}

/**
 * A dispute ruled for us: the provider gave the disputed money back (Stripe:
 * `charge.dispute.funds_reinstated`), so what the dispute took from the user goes back to them.
 */
export interface PaymentReinstatement {
  type: 'payment.reinstated';
  eventId: string;
  depositId: string | null;
  paymentId: string | null;
  /** The dispute, named as its reversal named it: `dispute:<id>`. */
  source: string;
  /** What the provider gave back, in cents. */
  amountCents: bigint;
  currency: string;
}

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
          // Copied to the payment's charge, so its refunds name the deposit.
          payment_intent_data: { metadata: { depositId: request.depositId } },
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
          paymentId: idOf(session.payment_intent),
          amountCents: BigInt(session.amount_total ?? 0),
          currency: session.currency ?? '',
        };
      }
      if (event.type === 'checkout.session.expired') {
        const session = event.data.object;
        return { type: 'checkout.cancelled', eventId: event.id, checkoutId: session.id, depositId: session.client_reference_id ?? '' };
      }
      if (event.type === 'charge.refunded') {
        // `amount_refunded` is the charge's refunds so far, however many there were.
        const charge = event.data.object;
        return {
          type: 'payment.reversed',
          eventId: event.id,
          reason: 'refund',
          depositId: charge.metadata?.depositId ?? null,
          paymentId: idOf(charge.payment_intent),
          source: 'refund',
          amountCents: BigInt(charge.amount_refunded),
          currency: charge.currency,
        };
      }
      if (event.type === 'charge.dispute.funds_reinstated') {
        const dispute = event.data.object;
        const charge = typeof dispute.charge === 'string' ? null : dispute.charge;
        return {
          type: 'payment.reinstated',
          eventId: event.id,
          depositId: charge?.metadata?.depositId ?? null,
          paymentId: idOf(dispute.payment_intent),
          source: `dispute:${dispute.id}`,
          amountCents: BigInt(dispute.amount),
          currency: dispute.currency,
        };
      }
      if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.funds_withdrawn') {
        // Both name the same dispute and amount: whichever comes first takes the money back.
        const dispute = event.data.object;
        const charge = typeof dispute.charge === 'string' ? null : dispute.charge;
        return {
          type: 'payment.reversed',
          eventId: event.id,
          reason: 'dispute',
          depositId: charge?.metadata?.depositId ?? null,
          paymentId: idOf(dispute.payment_intent),
          source: `dispute:${dispute.id}`,
          amountCents: BigInt(dispute.amount),
          currency: dispute.currency,
        };
      }
      return { type: 'ignored', eventId: event.id };
    },
  };
}

/** An expandable Stripe reference's id (an id, or the object itself when expanded). */
function idOf(reference: string | { id: string } | null): string | null {
  return typeof reference === 'string' ? reference : (reference?.id ?? null);
}

/**
 * Starts a PayPal-type deposit: a pending deposit row and the provider's hosted checkout for it.
 * The provider is called inside the transaction (the request's idempotency transaction when there
 * is one): if it fails, the deposit row rolls back with everything else (and the Idempotency-Key
 * with it), so nothing half-made remains and a retry with the same key starts over. If the commit
 * fails after the provider made its checkout, that checkout belongs to a deposit that never
 * existed; its URL was never answered, so nobody can pay it, and it expires at the provider
 * (Stripe's idempotency key is the deposit id, so a retry of this very deposit reuses it).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type DepositCheckout } from '../../shared/schemas/wallet';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { Deposit } from '../entities';
import { HttpError } from '../errors';
import { type Logger } from '../logger';
import { type PaymentGateway } from '../payments/gateway';

interface Props {
  userId: string;
  amountCents: bigint;
  /** Where the provider returns the browser: `${PUBLIC_URL}/add-funds`. */
  returnUrl: string;
  dataSource: DataSource;
  payments: PaymentGateway;
  logger: Logger;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export async function depositCreator({ userId, amountCents, returnUrl, dataSource, payments, logger, manager }: Props): Promise<DepositCheckout> {
  return joinOrBegin(dataSource, manager, async (tx) => {
    const deposits = tx.getRepository(Deposit);
    const deposit = await deposits.save(deposits.create({ userId, method: 'paypal', amountCents }));
    let checkout;
    try {
      checkout = await payments.createCheckout({
        depositId: deposit.id,
        amountCents,
        successUrl: `${returnUrl}?deposit=success`,
        cancelUrl: `${returnUrl}?deposit=cancelled`,
      });
    } catch (error) {
      logger.error({ err: error, depositId: deposit.id }, 'creating the checkout failed');
      throw new HttpError(503, 'payment_provider_unavailable', 'The payment provider is unavailable; please try again shortly');
    }
    await deposits.update({ id: deposit.id }, { providerCheckoutId: checkout.checkoutId });
    await audit(tx, {
      actor: `user:${userId}`,
      action: 'deposit.created',
      subjectType: 'deposit',
      subjectId: deposit.id,
      details: { amountCents: amountCents.toString(), checkoutId: checkout.checkoutId },
    });
    return { depositId: deposit.id, checkoutUrl: checkout.checkoutUrl };
  });
}

/** Deletes a saved payout method for good; another user's (or an unknown) id is a 404. */
import { type DataSource, type EntityManager } from 'typeorm';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { PaymentMethod } from '../entities';
import { notFound } from '../errors';

interface Props {
  userId: string;
  id: string;
  dataSource: DataSource;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export async function paymentMethodDeleter({ userId, id, dataSource, manager }: Props): Promise<void> {
  await joinOrBegin(dataSource, manager, async (tx) => {
    const { affected } = await tx.getRepository(PaymentMethod).delete({ id, userId });
    if (!affected) throw notFound('Payment method not found');
    await audit(tx, { actor: `user:${userId}`, action: 'payment_method.deleted', subjectType: 'payment_method', subjectId: id });
  });
}

/** Read side of payout methods: a user's saved methods, oldest first (masked columns only). */
import { type DataSource, type EntityManager } from 'typeorm';
import { PaymentMethod } from '../entities';

export function paymentMethodsOf(db: DataSource | EntityManager, userId: string): Promise<PaymentMethod[]> {
  return db.getRepository(PaymentMethod).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
}

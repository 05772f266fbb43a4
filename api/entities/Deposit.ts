import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type PaymentMethodType } from '../../shared/constants';
import { type DepositStatus } from '../../shared/schemas/wallet';
import { bigintCents } from './columns';

/**
 * Money coming in: a PayPal-type checkout (pending until the provider's webhook settles it) or a
 * bank wire, SEPA or crypto transfer an operator credited. The ledger posting `deposit:<id>` is
 * what moves the money; this row is the deposit's lifecycle.
 */
@Entity({ name: 'deposits' })
export class Deposit {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  method: PaymentMethodType;

  @Column({ name: 'amount_cents', type: 'bigint', transformer: bigintCents })
  amountCents: bigint;

  @Column({ type: 'text', default: 'pending' })
  status: DepositStatus;

  /** The provider's checkout session id, once the checkout exists. */
  @Column({ name: 'provider_checkout_id', type: 'text', nullable: true })
  providerCheckoutId: string | null;

  /** The provider's payment behind the completed checkout (refunds and disputes name it). */
  @Column({ name: 'provider_payment_id', type: 'text', nullable: true })
  providerPaymentId: string | null;

  /** How much of it the provider has taken back (refunds, disputes): never more than the amount. */
  @Column({ name: 'reversed_cents', type: 'bigint', transformer: bigintCents, default: 0 })
  reversedCents: bigint;

  /** The transfer reference an operator credited (unique: each transfer is credited once). */
  @Column({ name: 'external_reference', type: 'text', nullable: true })
  externalReference: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}

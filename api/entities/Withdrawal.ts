import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type PaymentMethodType } from '../../shared/constants';
import { type WithdrawalStatus } from '../../shared/schemas/wallet';
import { bigintCents } from './columns';

/**
 * Money going out: requested by the user (the amount is held in withdrawals-pending at once), then
 * processing, paid or rejected by an operator. The destination is a snapshot taken at request
 * time, encrypted, so deleting the payment method later does not lose where the money goes.
 */
@Entity({ name: 'withdrawals' })
export class Withdrawal {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'amount_cents', type: 'bigint', transformer: bigintCents })
  amountCents: bigint;

  @Column({ type: 'text', default: 'requested' })
  status: WithdrawalStatus;

  @Column({ name: 'method_type', type: 'text' })
  methodType: PaymentMethodType;

  /** The masked one-line destination shown to the user, e.g. "PayPal · pa***@example.com". */
  @Column({ name: 'method_summary', type: 'text' })
  methodSummary: string;

  /** Names the key that sealed `destination` (for rotation). */
  @Column({ name: 'key_id', type: 'text' })
  keyId: string;

  /** AES-256-GCM of the full destination; only the operator's ops command opens it. */
  @Column({ type: 'text', select: false })
  destination: string;

  /** A rejection's reason (shown to the user) or an operator's remark. */
  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** The payout's reference at the bank or provider, given when it is marked paid. */
  @Column({ name: 'payout_reference', type: 'text', nullable: true })
  payoutReference: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

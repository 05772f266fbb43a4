import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type PaymentMethodType } from '../../shared/constants';

/** The non-secret fields of a payment method, stored as they are. */
export interface PaymentMethodDetails {
  bankName?: string;
  accountHolderName?: string;
  cryptoCurrency?: 'bitcoin' | 'ethereum' | 'litecoin';
  accountType?: 'checking' | 'savings';
}

/** The secret fields of a payment method: encrypted at rest, never answered in full. */
export interface PaymentMethodSecrets {
  paypalEmail?: string;
  walletAddress?: string;
  iban?: string;
  swiftCode?: string;
  routingNumber?: string;
  accountNumber?: string;
}

/** A saved payout destination; at most one per type per user (a unique index). */
@Entity({ name: 'payment_methods' })
export class PaymentMethod {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  type: PaymentMethodType;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ type: 'jsonb' })
  details: PaymentMethodDetails;

  /** The secrets' masked forms, computed once at save time so listing never decrypts. */
  @Column({ type: 'jsonb' })
  masked: PaymentMethodSecrets;

  /** Names the key that sealed `secret` (for rotation). */
  @Column({ name: 'key_id', type: 'text' })
  keyId: string;

  /** AES-256-GCM of the secret fields. */
  @Column({ type: 'text', select: false })
  secret: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

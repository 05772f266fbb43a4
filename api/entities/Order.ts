import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type OrderItemStatus } from '../../shared/schemas/market';
import { bigintCents } from './columns';

/** A purchase: the buyer's money for its items sits in this order's escrow until each is settled. */
@Entity({ name: 'orders' })
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'buyer_id', type: 'uuid' })
  buyerId: string;

  @Column({ name: 'total_cents', type: 'bigint', transformer: bigintCents })
  totalCents: bigint;

  /** The buyer's trade URL when they paid: where the items are delivered. */
  @Column({ name: 'trade_url', type: 'text' })
  tradeUrl: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One bought listing and its delivery. */
@Entity({ name: 'order_items' })
export class OrderItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ name: 'listing_id', type: 'uuid' })
  listingId: string;

  @Column({ name: 'price_cents', type: 'bigint', transformer: bigintCents })
  priceCents: bigint;

  @Column({ type: 'text', default: 'awaiting_hold' })
  status: OrderItemStatus;

  @Column({ name: 'delivery_offer_id', type: 'uuid', nullable: true })
  deliveryOfferId: string | null;

  @Column({ name: 'delivery_attempts', type: 'integer', default: 0 })
  deliveryAttempts: number;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  /** The buy order this unit filled (market/buyOrderFills.ts); null for a purchase. */
  @Column({ name: 'buy_order_id', type: 'uuid', nullable: true })
  buyOrderId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

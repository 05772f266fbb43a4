import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type Condition } from '../../shared/constants';
import { bigintCents } from './columns';

/**
 * A completed sale, as the price history counts it (docs/adr/0075-sales-history.md): the item's
 * market hash name, exterior and float, the price and the time; nobody's identity. Written in the
 * purchase's transaction (commands/purchaseCreator.ts) and deleted in the refund's
 * (market/deliveries.ts, failDelivery).
 */
@Entity({ name: 'sales' })
export class Sale {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  /** The order item sold, to find the sale again at a refund; null for the demo's seeded history. */
  @Column({ name: 'order_item_id', type: 'uuid', nullable: true })
  orderItemId: string | null;

  @Column({ name: 'market_hash_name', type: 'text' })
  marketHashName: string;

  @Column({ type: 'text', nullable: true })
  exterior: Condition | null;

  @Column({ type: 'double precision', nullable: true })
  float: number | null;

  @Column({ name: 'price_cents', type: 'bigint', transformer: bigintCents })
  priceCents: bigint;

  @Column({ name: 'sold_at', type: 'timestamptz' })
  soldAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type BuyOrderStatus, type Rarity } from '../../shared/constants';
import { bigintCents } from './columns';

/**
 * A bid for up to `quantity` units of one market hash name at `priceCents` each (docs/adr/0077-buy-orders.md).
 * Its `price × remaining` waits in its own ledger account (`buy_order_reserve`) until units fill
 * (market/buyOrderFills.ts) or the bid is cancelled (commands/buyOrderCanceller.ts).
 */
@Entity({ name: 'buy_orders' })
export class BuyOrder {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'market_hash_name', type: 'text' })
  marketHashName: string;

  /** The newest listing's name, image and rarity under the market hash name when the bid was placed. */
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'text' })
  rarity: Rarity;

  @Column({ name: 'price_cents', type: 'bigint', transformer: bigintCents })
  priceCents: bigint;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'integer', default: 0 })
  filled: number;

  /** Only units with a float at or below it fill the bid; null: any. */
  @Column({ name: 'max_float', type: 'double precision', nullable: true })
  maxFloat: number | null;

  @Column({ type: 'text', default: 'open' })
  status: BuyOrderStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintCents } from './columns';

/**
 * An item a user watches (docs/adr/0078-watchlist-alerts.md), by its market hash name; one per user
 * and name. The name and picture are copied from the item's newest listing (or sale) when the watch
 * is made, so the watchlist shows them even when nothing of the name is on sale.
 */
@Entity({ name: 'watches' })
export class Watch {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'market_hash_name', type: 'text' })
  marketHashName: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'image_url', type: 'text' })
  imageUrl: string;

  /** Alert only for listings at or under this price; null alerts on any price. */
  @Column({ name: 'max_price_cents', type: 'bigint', nullable: true, transformer: bigintCents })
  maxPriceCents: bigint | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

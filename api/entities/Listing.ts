import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type Condition, type ListingStatus, type Rarity } from '../../shared/constants';
import { bigintCents } from './columns';

/** An item for sale: in the bot's inventory, through the seller's trade protection, to a buyer. */
@Entity({ name: 'listings' })
export class Listing {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'seller_id', type: 'uuid' })
  sellerId: string;

  /** The deposit offer that brought the item in (null for demo-seeded listings). */
  @Column({ name: 'trade_offer_id', type: 'uuid', nullable: true })
  tradeOfferId: string | null;

  @Column({ name: 'seller_assetid', type: 'text' })
  sellerAssetid: string;

  /** The item's id in the bot's inventory (Steam gives received items new ids). */
  @Column({ name: 'bot_assetid', type: 'text', nullable: true })
  botAssetid: string | null;

  @Column({ name: 'bot_contextid', type: 'text', nullable: true })
  botContextid: string | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'market_hash_name', type: 'text' })
  marketHashName: string;

  @Column({ name: 'image_url', type: 'text' })
  imageUrl: string;

  @Column({ name: 'weapon_type', type: 'text' })
  weaponType: string;

  @Column({ type: 'text' })
  rarity: Rarity;

  @Column({ type: 'text', nullable: true })
  condition: Condition | null;

  @Column({ type: 'double precision', nullable: true })
  float: number | null;

  @Column({ name: 'paint_seed', type: 'integer', nullable: true })
  paintSeed: number | null;

  @Column({ name: 'stat_trak', type: 'boolean', default: false })
  statTrak: boolean;

  @Column({ type: 'boolean', default: false })
  souvenir: boolean;

  @Column({ name: 'inspect_link', type: 'text', nullable: true })
  inspectLink: string | null;

  @Column({ name: 'price_cents', type: 'bigint', transformer: bigintCents })
  priceCents: bigint;

  @Column({ name: 'fee_cents', type: 'bigint', transformer: bigintCents })
  feeCents: bigint;

  @Column({ type: 'text', default: 'holding' })
  status: ListingStatus;

  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason: 'seller' | 'trade_reversed' | 'item_lost' | null;

  /** Set in the same transaction as the buyer's money moves into escrow. */
  @Column({ name: 'sold_at', type: 'timestamptz', nullable: true })
  soldAt: Date | null;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ name: 'hold_start_time', type: 'timestamptz' })
  holdStartTime: Date;

  @Column({ name: 'hold_end_time', type: 'timestamptz' })
  holdEndTime: Date;

  @Column({ name: 'return_offer_id', type: 'uuid', nullable: true })
  returnOfferId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type TradeOfferKind = 'deposit' | 'return' | 'delivery';
export type TradeOfferStatus = 'sending' | 'open' | 'accepted' | 'failed';

/** An item of a trade offer as the market recorded it (deposits: re-read from the seller's inventory). */
export interface TradeOfferItem {
  assetid: string;
  contextid: string;
  /** Deposits: the seller's price in cents, as a decimal string (JSON has no bigint). */
  priceCents?: string;
  /** Returns and deliveries: the listing the item belongs to. */
  listingId?: string;
  name: string;
  marketHashName: string;
  imageUrl: string;
  weaponType: string;
  rarity: string;
  condition: string | null;
  float: number | null;
  paintSeed: number | null;
  statTrak: boolean;
  souvenir: boolean;
  inspectLink: string | null;
}

export interface TradeOfferHistoryEntry {
  state: number | null;
  status: TradeOfferStatus;
  at: string;
}

/** A trade offer between a user and the platform's bot. */
@Entity({ name: 'trade_offers' })
export class TradeOffer {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  kind: TradeOfferKind;

  @Column({ name: 'trade_url', type: 'text' })
  tradeUrl: string;

  @Column({ name: 'steam_offer_id', type: 'text', nullable: true })
  steamOfferId: string | null;

  @Column({ name: 'steam_state', type: 'integer', nullable: true })
  steamState: number | null;

  @Column({ type: 'text', default: 'sending' })
  status: TradeOfferStatus;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'steam_trade_id', type: 'text', nullable: true })
  steamTradeId: string | null;

  @Column({ type: 'jsonb' })
  items: TradeOfferItem[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  history: TradeOfferHistoryEntry[];

  /** The seller called an open offer off through a process that does not run the bot: the leader cancels it at Steam. */
  @Column({ name: 'cancel_requested_at', type: 'timestamptz', nullable: true })
  cancelRequestedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

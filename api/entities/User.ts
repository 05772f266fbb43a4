import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn, VersionColumn } from 'typeorm';

/** A person signed in through Steam; one row per Steam account. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'steam_id', type: 'text', unique: true })
  steamId: string;

  /** Steam persona name, refreshed at every sign-in. */
  @Column({ type: 'text' })
  username: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'trade_url', type: 'text' })
  tradeUrl: string;

  @Column({ type: 'text' })
  avatar: string;

  @Column({ name: 'profile_url', type: 'text' })
  profileUrl: string;

  /** The code a user quotes on bank, SEPA and crypto deposits; generated once. */
  @Column({ name: 'deposit_reference', type: 'text', unique: true })
  depositReference: string;

  /** Bumped by every profile change; clients send it back in If-Match. */
  @VersionColumn({ type: 'integer' })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz' })
  lastLoginAt: Date;

  /** Set by staff: a frozen account can sign in and read, but not buy, list, withdraw or add payment methods. */
  @Column({ name: 'frozen_at', type: 'timestamptz', nullable: true })
  frozenAt: Date | null;

  /** Why staff froze it (kept with frozen_at; both null when not frozen). */
  @Column({ name: 'frozen_reason', type: 'text', nullable: true })
  frozenReason: string | null;
}

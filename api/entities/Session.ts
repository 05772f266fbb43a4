import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A signed-in browser's server-side session; the cookie carries only its signed id. */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Index('sessions_expires_at_idx')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message sent through the contact form. */
@Entity({ name: 'contact_messages' })
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  category: string;

  @Column({ type: 'text' })
  message: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the copy to the support mailbox went out; null without SMTP or after a failed send. */
  @Column({ name: 'emailed_at', type: 'timestamptz', nullable: true })
  emailedAt: Date | null;

  /** The support inbox's state: open until staff close it. */
  @Column({ type: 'text', default: 'open' })
  status: 'open' | 'closed';

  /** The staff member (e-mail) looking after it, if any. */
  @Column({ type: 'text', nullable: true })
  assignee: string | null;
}

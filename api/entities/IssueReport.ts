import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A problem report from the Report an Issue form. */
@Entity({ name: 'issue_reports' })
export class IssueReport {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'issue_type', type: 'text' })
  issueType: string;

  @Column({ type: 'text' })
  severity: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'steps_to_reproduce', type: 'text' })
  stepsToReproduce: string;

  @Column({ name: 'expected_behavior', type: 'text' })
  expectedBehavior: string;

  @Column({ name: 'actual_behavior', type: 'text' })
  actualBehavior: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'steam_id', type: 'text', nullable: true })
  steamId: string | null;

  @Column({ name: 'include_screenshot', type: 'boolean' })
  includeScreenshot: boolean;

  /** User agent, screen size and app version; present only when the reporter chose to send them. */
  @Column({ name: 'system_info', type: 'jsonb', nullable: true })
  systemInfo: { userAgent: string; screen: string; appVersion: string } | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'emailed_at', type: 'timestamptz', nullable: true })
  emailedAt: Date | null;

  /** The support inbox's state: open until staff close it. */
  @Column({ type: 'text', default: 'open' })
  status: 'open' | 'closed';

  /** The staff member (e-mail) looking after it, if any. */
  @Column({ type: 'text', nullable: true })
  assignee: string | null;
}

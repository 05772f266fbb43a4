/**
 * The copy of a stored support submission to the support mailbox, when mail is configured. Sent
 * after the row is committed and without holding up the answer; a failed copy leaves `emailed_at`
 * empty, which the ops listings show as `not e-mailed`.
 */
import { type DataSource } from 'typeorm';
import { type ContactMessage, type IssueReport } from '../entities';
import { type Logger } from '../logger';
import { type Mailer, type SupportMail } from '../mailer';

export interface SupportServices {
  dataSource: DataSource;
  /** Absent when SMTP is not configured. */
  mailer?: Mailer;
  logger: Logger;
}

export function copyToSupport(
  { dataSource, mailer, logger }: SupportServices,
  entity: typeof ContactMessage | typeof IssueReport,
  id: string,
  mail: SupportMail,
): void {
  if (!mailer) return;
  void mailer
    .sendToSupport(mail)
    .then(async (sent) => {
      if (sent) await dataSource.getRepository(entity).update({ id }, { emailedAt: new Date() });
    })
    .catch((error: unknown) => logger.warn({ err: error, id }, 'recording the support e-mail failed'));
}

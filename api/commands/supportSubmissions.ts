/**
 * Stores contact messages and issue reports, then copies each to the support mailbox when mail is
 * configured. The copy is sent after the row is committed and does not hold up the answer; a
 * failed copy leaves `emailed_at` empty, which the ops listings show.
 */
import { type DataSource, type EntityTarget } from 'typeorm';
import { type ContactMessage as ContactMessageInput, type IssueReport as IssueReportInput } from '../../shared/schemas/support';
import { ContactMessage, IssueReport } from '../entities';
import { type Logger } from '../logger';
import { type Mailer, type SupportMail } from '../mailer';

interface Props<T> {
  /** The validated submission. */
  input: T;
  dataSource: DataSource;
  /** Absent when SMTP is not configured. */
  mailer?: Mailer;
  logger: Logger;
}

function copyToSupport(
  { dataSource, mailer, logger }: Omit<Props<unknown>, 'input'>,
  entity: EntityTarget<ContactMessage | IssueReport>,
  id: string,
  mail: SupportMail,
) {
  if (!mailer) return;
  void mailer
    .sendToSupport(mail)
    .then(async (sent) => {
      if (sent) await dataSource.getRepository(entity).update({ id }, { emailedAt: new Date() });
    })
    .catch((error: unknown) => logger.warn({ err: error, id }, 'recording the support e-mail failed'));
}

export async function contactMessageCreator({ input, ...services }: Props<ContactMessageInput>): Promise<ContactMessage> {
  const { dataSource } = services;
  const saved = await dataSource.getRepository(ContactMessage).save(dataSource.getRepository(ContactMessage).create(input));
  copyToSupport(services, ContactMessage, saved.id, {
    subject: `[Contact - ${input.category}] ${input.subject}`,
    replyTo: input.email,
    text: `From: ${input.name} <${input.email}>\nCategory: ${input.category}\nMessage id: ${saved.id}\n\n${input.message}`,
  });
  return saved;
}

export async function issueReportCreator({ input, ...services }: Props<IssueReportInput>): Promise<IssueReport> {
  const { dataSource } = services;
  const repository = dataSource.getRepository(IssueReport);
  const saved = await repository.save(
    repository.create({
      issueType: input.issueType,
      severity: input.severity,
      title: input.title,
      description: input.description,
      stepsToReproduce: input.stepsToReproduce,
      expectedBehavior: input.expectedBehavior,
      actualBehavior: input.actualBehavior,
      email: input.email,
      steamId: input.steamId || null,
      includeScreenshot: input.includeScreenshot,
      systemInfo: input.includeSystemInfo ? (input.systemInfo ?? null) : null,
    }),
  );
  const sections = [
    ['Description', input.description],
    ['Steps to reproduce', input.stepsToReproduce],
    ['Expected behavior', input.expectedBehavior],
    ['Actual behavior', input.actualBehavior],
  ].filter(([, text]) => text);
  copyToSupport(services, IssueReport, saved.id, {
    subject: `[Issue - ${input.severity} - ${input.issueType}] ${input.title}`,
    replyTo: input.email,
    text: [
      `Reporter: ${input.email}${input.steamId ? ` (Steam ${input.steamId})` : ''}`,
      `Report id: ${saved.id}`,
      ...sections.map(([heading, text]) => `\n${heading}:\n${text}`),
      saved.systemInfo ? `\nSystem: ${saved.systemInfo.userAgent}, screen ${saved.systemInfo.screen}, app ${saved.systemInfo.appVersion}` : '',
    ].join('\n'),
  });
  return saved;
}

/**
 * Stores an issue report (system information only when the reporter chose to send it), then copies
 * it to the support mailbox (support/copyToSupport.ts).
 */
import { type IssueReport as IssueReportInput } from '../../shared/schemas/support';
import { IssueReport } from '../entities';
import { copyToSupport, type SupportServices } from '../support/copyToSupport';

export async function issueReportCreator({ input, ...services }: SupportServices & { input: IssueReportInput }): Promise<IssueReport> {
  const reports = services.dataSource.getRepository(IssueReport);
  const saved = await reports.save(
    reports.create({
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

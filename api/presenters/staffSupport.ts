/**
 * Support inbox items as the console shows them (shared/schemas/staff.ts): a contact message or an
 * issue report in one shape, with its internal notes.
 */
import { type SupportItem } from '../../shared/schemas/staff';
import { type IssueReport } from '../entities';
import { type SupportItemRecord } from '../staff/supportInbox';

/** An issue report's parts as one text, as the ops `issue-reports` listing shows them. */
function reportBody(report: IssueReport): string {
  const parts: Array<[string, string]> = [
    ['Steps to reproduce', report.stepsToReproduce],
    ['Expected', report.expectedBehavior],
    ['Actual', report.actualBehavior],
  ];
  const system = report.systemInfo ? `System: ${report.systemInfo.userAgent}; ${report.systemInfo.screen}; app ${report.systemInfo.appVersion}` : '';
  return [report.description, ...parts.filter(([, text]) => text).map(([label, text]) => `${label}:\n${text}`), system].filter(Boolean).join('\n\n');
}

export function presentSupportItem(item: SupportItemRecord): SupportItem {
  const shared = {
    type: item.type,
    id: item.row.id,
    status: item.row.status,
    assignee: item.row.assignee,
    createdAt: item.row.createdAt.toISOString(),
    notes: item.notes.map((note) => ({ id: note.id, author: note.author, body: note.body, createdAt: note.createdAt.toISOString() })),
  };
  if (item.type === 'contact_message') {
    const { row } = item;
    return { ...shared, title: row.subject, from: { name: row.name, email: row.email, steamId: null }, label: row.category, body: row.message };
  }
  const { row } = item;
  return { ...shared, title: row.title, from: { name: null, email: row.email, steamId: row.steamId }, label: `${row.severity} · ${row.issueType}`, body: reportBody(row) };
}

/**
 * The console's Support inbox, read side: contact messages and issue reports together, newest first,
 * each with its internal notes (support_notes, oldest first). Changes are
 * commands/supportItemUpdater.ts and commands/supportNoteAdder.ts.
 */
import { type DataSource, type EntityManager, In } from 'typeorm';
import { type SupportItem } from '../../shared/schemas/staff';
import { ContactMessage, IssueReport } from '../entities';

/** The inbox shows this many items, newest first. */
export const SUPPORT_INBOX_LIMIT = 100;

export type SupportItemType = SupportItem['type'];

/** Each type's table (identifiers from this fixed map only). */
export const SUPPORT_TABLES: Record<SupportItemType, string> = { contact_message: 'contact_messages', issue_report: 'issue_reports' };

export interface SupportNote {
  id: string;
  author: string;
  body: string;
  createdAt: Date;
}

export type SupportItemRecord = ({ type: 'contact_message'; row: ContactMessage } | { type: 'issue_report'; row: IssueReport }) & { notes: SupportNote[] };

type Db = DataSource | EntityManager;

/** The items' notes, oldest first (support_notes_item_idx). */
async function notesOf(db: Db, contactIds: string[], reportIds: string[]): Promise<Map<string, SupportNote[]>> {
  const rows = (await db.query(
    `SELECT id::text AS id, item_type, item_id, author, body, created_at FROM support_notes
     WHERE (item_type = 'contact_message' AND item_id = ANY($1::uuid[])) OR (item_type = 'issue_report' AND item_id = ANY($2::uuid[]))
     ORDER BY support_notes.id`,
    [contactIds, reportIds],
  )) as Array<{ id: string; item_type: SupportItemType; item_id: string; author: string; body: string; created_at: Date }>;
  const notes = new Map<string, SupportNote[]>();
  for (const row of rows) {
    const key = `${row.item_type}:${row.item_id}`;
    notes.set(key, [...(notes.get(key) ?? []), { id: row.id, author: row.author, body: row.body, createdAt: row.created_at }]);
  }
  return notes;
}

async function withNotes(db: Db, items: Array<Omit<SupportItemRecord, 'notes'>>): Promise<SupportItemRecord[]> {
  const idsOf = (type: SupportItemType) => items.filter((item) => item.type === type).map((item) => item.row.id);
  const notes = await notesOf(db, idsOf('contact_message'), idsOf('issue_report'));
  return items.map((item) => ({ ...item, notes: notes.get(`${item.type}:${item.row.id}`) ?? [] }) as SupportItemRecord);
}

/**
 * Newest first, optionally of one status. Each half reads its table's created_at index (open items:
 * the partial index on open ones) and stops at the limit; the merge keeps the newest of both.
 */
export async function supportInbox(dataSource: DataSource, status?: SupportItem['status']): Promise<SupportItemRecord[]> {
  const half = (type: SupportItemType) =>
    `(SELECT '${type}' AS type, id, created_at FROM ${SUPPORT_TABLES[type]} WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at DESC LIMIT $2)`;
  const found = (await dataSource.query(
    `SELECT type, id FROM (${half('contact_message')} UNION ALL ${half('issue_report')}) AS items ORDER BY created_at DESC, id DESC LIMIT $2`,
    [status ?? null, SUPPORT_INBOX_LIMIT],
  )) as Array<{ type: SupportItemType; id: string }>;
  const idsOf = (type: SupportItemType) => found.filter((item) => item.type === type).map((item) => item.id);
  const contactIds = idsOf('contact_message');
  const reportIds = idsOf('issue_report');
  const messages = new Map((contactIds.length ? await dataSource.getRepository(ContactMessage).findBy({ id: In(contactIds) }) : []).map((row) => [row.id, row]));
  const reports = new Map((reportIds.length ? await dataSource.getRepository(IssueReport).findBy({ id: In(reportIds) }) : []).map((row) => [row.id, row]));
  return withNotes(
    dataSource,
    found.map((item) =>
      item.type === 'contact_message' ? { type: item.type, row: messages.get(item.id)! } : { type: item.type, row: reports.get(item.id)! },
    ),
  );
}

/** One item with its notes, or null when there is no such item. */
export async function supportItem(db: Db, type: SupportItemType, id: string): Promise<SupportItemRecord | null> {
  const item =
    type === 'contact_message'
      ? await db.getRepository(ContactMessage).findOneBy({ id }).then((row) => row && ({ type, row } as const))
      : await db.getRepository(IssueReport).findOneBy({ id }).then((row) => row && ({ type, row } as const));
  return item ? (await withNotes(db, [item]))[0]! : null;
}

/**
 * Staff change a support item's status (open/closed) and/or who looks after it (a staff e-mail, or
 * nobody). One transaction with the item's row locked; audited (`support.updated`) with the changed
 * fields before and after. A change to what already is changes nothing and writes nothing.
 */
import { type DataSource } from 'typeorm';
import { type SupportItem } from '../../shared/schemas/staff';
import { type Actor, audit } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { notFound } from '../errors';
import { SUPPORT_TABLES, type SupportItemType } from '../staff/supportInbox';

interface Props {
  type: SupportItemType;
  id: string;
  /** Absent: unchanged. */
  status?: SupportItem['status'];
  /** Absent: unchanged; null: nobody. */
  assignee?: string | null;
  actor: Actor;
  dataSource: DataSource;
}

type Fields = Pick<SupportItem, 'status' | 'assignee'>;

export async function supportItemUpdater({ type, id, status, assignee, actor, dataSource }: Props): Promise<void> {
  const table = SUPPORT_TABLES[type];
  await inTransaction(dataSource, async (manager) => {
    const [current] = (await manager.query(`SELECT status, assignee FROM ${table} WHERE id = $1 FOR UPDATE`, [id])) as Fields[];
    if (!current) throw notFound('Support item not found');
    const wanted: Partial<Fields> = { ...(status !== undefined ? { status } : {}), ...(assignee !== undefined ? { assignee } : {}) };
    const changed = (Object.keys(wanted) as Array<keyof Fields>).filter((field) => wanted[field] !== current[field]);
    if (changed.length === 0) return;
    const after = { ...current, ...wanted };
    await manager.query(`UPDATE ${table} SET status = $2, assignee = $3 WHERE id = $1`, [id, after.status, after.assignee]);
    await audit(manager, {
      actor,
      action: 'support.updated',
      subjectType: type,
      subjectId: id,
      details: {
        before: Object.fromEntries(changed.map((field) => [field, current[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      },
    });
  });
}

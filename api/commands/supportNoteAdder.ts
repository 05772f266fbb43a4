/**
 * Staff add an internal note to a support item (never shown to the customer). One transaction: the
 * item must exist (its row is read FOR SHARE, so it cannot vanish meanwhile), the note is inserted
 * and audited (`support.note_added`, with the note).
 */
import { type DataSource } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { notFound } from '../errors';
import { SUPPORT_TABLES, type SupportItemType } from '../staff/supportInbox';

interface Props {
  type: SupportItemType;
  id: string;
  /** The note's text (validated: 1 to 5000 characters). */
  body: string;
  /** The staff member's e-mail, shown with the note. */
  author: string;
  actor: Actor;
  dataSource: DataSource;
}

export async function supportNoteAdder({ type, id, body, author, actor, dataSource }: Props): Promise<void> {
  await inTransaction(dataSource, async (manager) => {
    const [item] = (await manager.query(`SELECT id FROM ${SUPPORT_TABLES[type]} WHERE id = $1 FOR SHARE`, [id])) as Array<{ id: string }>;
    if (!item) throw notFound('Support item not found');
    const [note] = (await manager.query('INSERT INTO support_notes (item_type, item_id, author, body) VALUES ($1, $2, $3, $4) RETURNING id::text AS id', [
      type,
      id,
      author,
      body,
    ])) as Array<{ id: string }>;
    await audit(manager, { actor, action: 'support.note_added', subjectType: type, subjectId: id, details: { noteId: note!.id, body } });
  });
}

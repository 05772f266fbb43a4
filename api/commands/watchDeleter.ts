/** Stops watching an item (its alerts go with it); another user's (or an unknown) id is a 404. */
import { type DataSource, type EntityManager } from 'typeorm';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { Watch } from '../entities';
import { notFound } from '../errors';

interface Props {
  userId: string;
  id: string;
  dataSource: DataSource;
  manager?: EntityManager;
}

export async function watchDeleter({ userId, id, dataSource, manager }: Props): Promise<void> {
  await joinOrBegin(dataSource, manager, async (tx) => {
    const { affected } = await tx.getRepository(Watch).delete({ id, userId });
    if (!affected) throw notFound('Watch not found');
    await audit(tx, { actor: `user:${userId}`, action: 'watch.deleted', subjectType: 'watch', subjectId: id });
  });
}

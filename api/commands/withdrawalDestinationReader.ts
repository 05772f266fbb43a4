/**
 * Reading a withdrawal's payout destination in full (to pay it out) is itself worth a record of who
 * looked: the audit row is written in the read's own transaction, so no destination is answered
 * without it.
 */
import { type DataSource } from 'typeorm';
import { audit, type Actor } from '../audit/auditLog';
import { type FieldCipher } from '../crypto/fieldCipher';
import { inTransaction } from '../db/transaction';
import { withdrawalDestination } from '../wallet/withdrawalQueue';

interface Props {
  withdrawalId: string;
  /** `staff:<e-mail>` from the console, `CLI_ACTOR` from the ops command. */
  actor: Actor;
  dataSource: DataSource;
  cipher: FieldCipher;
}

export async function withdrawalDestinationReader({ withdrawalId, actor, dataSource, cipher }: Props): Promise<Record<string, string>> {
  return inTransaction(dataSource, async (tx) => {
    const destination = await withdrawalDestination(tx, cipher, withdrawalId);
    await audit(tx, { actor, action: 'withdrawal.destination_read', subjectType: 'withdrawal', subjectId: withdrawalId });
    return destination;
  });
}

/**
 * An operator credits a bank wire, SEPA or crypto transfer they have seen arrive: exactly once per
 * transfer reference (a unique column), with the audit record of who credited it in the same
 * transaction. Crediting the same reference again to the same user and amount changes nothing (a
 * retry); to anyone else or another amount it is refused (409), as a mistake to look into.
 */
import { type DataSource } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { type ManualDepositMethod } from '../../shared/schemas/staff';
import { audit, type Actor } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Deposit, User } from '../entities';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance } from '../ledger/ledger';
import { creditDeposit } from '../ledger/postings';

const MANUAL_LABELS = { bank_wire_usa: 'bank wire', iban_sepa: 'SEPA transfer', crypto: 'crypto transfer' } as const;

interface Props {
  steamId: string;
  amountCents: bigint;
  /** The transfer's own reference (bank reference, transaction hash): credited once. */
  reference: string;
  method: ManualDepositMethod;
  /** Who credits it: `CLI_ACTOR` for the ops commands, `staff:<e-mail>` for the console. */
  actor: Actor;
  dataSource: DataSource;
}

export interface ManualCredit {
  deposit: Deposit;
  /** Whose it is. */
  user: User;
  /** False when the reference had been credited before, to the same user and amount (nothing changed now). */
  credited: boolean;
}

export async function manualDepositCreditor({ steamId, amountCents, reference, method, actor, dataSource }: Props): Promise<ManualCredit> {
  return inTransaction(dataSource, async (tx) => {
    const user = await tx.getRepository(User).findOneBy({ steamId });
    if (!user) throw notFound(`No user with Steam ID ${steamId}`);
    const deposits = tx.getRepository(Deposit);
    const inserted = await tx
      .createQueryBuilder()
      .insert()
      .into(Deposit)
      .values({ userId: user.id, method, amountCents, status: 'completed', externalReference: reference, completedAt: () => 'now()' })
      // A parallel credit of the same reference waits here for the first, then finds it below.
      .orIgnore()
      .returning(['id'])
      .execute();
    const created = (inserted.raw as Array<{ id: string }>)[0];
    if (!created) {
      const existing = await deposits.findOneByOrFail({ externalReference: reference });
      if (existing.userId !== user.id || existing.amountCents !== amountCents) {
        throw conflict(`Reference ${reference} was already credited to a different user or amount (deposit ${existing.id}); nothing changed`, 'reference_already_credited');
      }
      return { deposit: existing, user, credited: false };
    }
    await creditDeposit(tx, {
      userId: user.id,
      cents: amountCents,
      depositId: created.id,
      description: `Deposit by ${MANUAL_LABELS[method]} (${formatUsd(amountCents)})`,
    });
    await audit(tx, {
      actor,
      action: 'deposit.credited',
      subjectType: 'deposit',
      subjectId: created.id,
      details: { method, reference, amountCents: amountCents.toString(), steamId },
    });
    const balance = formatMoney(await availableBalance(tx, user.id));
    await recordEvent(tx, { userId: user.id, type: 'balance', payload: { balance, depositId: created.id, status: 'completed' } });
    return { deposit: await deposits.findOneByOrFail({ id: created.id }), user, credited: true };
  });
}

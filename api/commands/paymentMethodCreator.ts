/**
 * Saves a payout method. Secrets are encrypted before they reach the database; the masked forms
 * are computed once here so listing never decrypts anything. The first method a user saves is
 * their default; saving a new default clears the old one. One method per type per user. A frozen
 * account cannot add one: 403 `account_frozen` (users/frozenAccounts.ts).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { PAYMENT_METHOD_LABELS } from '../../shared/constants';
import { type NewPaymentMethod } from '../../shared/schemas/wallet';
import { audit } from '../audit/auditLog';
import { type FieldCipher } from '../crypto/fieldCipher';
import { joinOrBegin, sqlState } from '../db/transaction';
import { PaymentMethod, User } from '../entities';
import { conflict } from '../errors';
import { maskSecrets, splitPaymentMethod } from '../presenters/wallet';
import { refuseIfFrozen } from '../users/frozenAccounts';

interface Props {
  userId: string;
  /** Validated with paymentMethodInputSchema. */
  method: NewPaymentMethod;
  dataSource: DataSource;
  cipher: FieldCipher;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export async function paymentMethodCreator({ userId, method, dataSource, cipher, manager }: Props): Promise<PaymentMethod> {
  const { secrets, details } = splitPaymentMethod(method);
  const sealed = cipher.seal(JSON.stringify(secrets));
  try {
    return await joinOrBegin(dataSource, manager, async (tx) => {
      // The user's row serializes their method changes, so two first methods cannot both be default.
      refuseIfFrozen(await tx.getRepository(User).findOneOrFail({ where: { id: userId }, lock: { mode: 'pessimistic_write' } }));
      const methods = tx.getRepository(PaymentMethod);
      const isDefault = method.isDefault || !(await methods.existsBy({ userId }));
      if (isDefault) await methods.update({ userId, isDefault: true }, { isDefault: false });
      const saved = await methods.save(
        methods.create({ userId, type: method.type, isDefault, details, masked: maskSecrets(secrets), keyId: sealed.keyId, secret: sealed.value }),
      );
      await audit(tx, { actor: `user:${userId}`, action: 'payment_method.created', subjectType: 'payment_method', subjectId: saved.id, details: { type: saved.type } });
      return saved;
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(`You already have a ${PAYMENT_METHOD_LABELS[method.type]} payment method`, 'payment_method_exists');
    throw error;
  }
}

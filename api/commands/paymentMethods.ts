/**
 * Saving and deleting payout methods. Secrets are encrypted before they reach the database; the
 * masked forms are computed once at save time so listing never decrypts anything.
 */
import { type DataSource } from 'typeorm';
import { PAYMENT_METHOD_LABELS } from '../../shared/constants';
import { type NewPaymentMethod, type PaymentMethod } from '../../shared/schemas/wallet';
import { type FieldCipher } from '../crypto/fieldCipher';
import { inTransaction, sqlState } from '../db/transaction';
import { conflict, notFound } from '../errors';
import { maskSecrets, presentPaymentMethod, splitPaymentMethod, type PaymentMethodRow } from '../presenters/wallet';

interface CreateProps {
  userId: string;
  /** Validated with paymentMethodInputSchema. */
  method: NewPaymentMethod;
  dataSource: DataSource;
  cipher: FieldCipher;
}

export async function paymentMethodCreator({ userId, method, dataSource, cipher }: CreateProps): Promise<PaymentMethod> {
  const { secrets, details } = splitPaymentMethod(method);
  const sealed = cipher.seal(JSON.stringify(secrets));
  try {
    return await inTransaction(dataSource, async (manager) => {
      // The first method a user saves is their default; choosing a new default clears the old one.
      const [existing] = (await manager.query('SELECT count(*)::int AS count FROM payment_methods WHERE user_id = $1', [userId])) as Array<{
        count: number;
      }>;
      const isDefault = method.isDefault || existing!.count === 0;
      if (isDefault) await manager.query('UPDATE payment_methods SET is_default = false WHERE user_id = $1', [userId]);
      const [row] = (await manager.query(
        `INSERT INTO payment_methods (user_id, type, is_default, details, masked, key_id, secret)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, type, is_default, details, masked, created_at`,
        [userId, method.type, isDefault, JSON.stringify(details), JSON.stringify(maskSecrets(secrets)), sealed.keyId, sealed.value],
      )) as PaymentMethodRow[];
      return presentPaymentMethod(row!);
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(`You already have a ${PAYMENT_METHOD_LABELS[method.type]} payment method`, 'payment_method_exists');
    throw error;
  }
}

export async function paymentMethodDeleter(props: { userId: string; id: string; dataSource: DataSource }): Promise<void> {
  const deleted = await props.dataSource.query(
    'WITH gone AS (DELETE FROM payment_methods WHERE id = $1 AND user_id = $2 RETURNING id) SELECT id FROM gone',
    [props.id, props.userId],
  );
  if (deleted.length === 0) throw notFound('Payment method not found');
}

export async function paymentMethodsOf(dataSource: DataSource, userId: string): Promise<PaymentMethod[]> {
  const rows = (await dataSource.query(
    'SELECT id, type, is_default, details, masked, created_at FROM payment_methods WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  )) as PaymentMethodRow[];
  return rows.map(presentPaymentMethod);
}

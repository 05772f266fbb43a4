/**
 * How queued edits show on screen before they are sent ('Pending sync' in place): the profile form
 * shows the queued values, a queued payment method appears as a card, a queued deletion marks its
 * card. Read live from the outbox, so a replay (by this page, another tab or the worker) updates the
 * screen at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ProfileUpdate } from '../../../shared/schemas/user';
import type { PaymentMethod } from '../../../shared/schemas/wallet';
import type { OutboxEntry } from './db';
import { entriesOf } from './outbox';

/** The user's queued edits, oldest first (undefined while reading; [] for no user). */
export function usePendingEdits(userId: string | null | undefined): OutboxEntry[] | undefined {
  return useLiveQuery(() => (userId ? entriesOf(userId) : []), [userId]);
}

/** The queued profile edits merged in order, or null when none waits. */
export function pendingProfileUpdate(entries: readonly OutboxEntry[] | undefined): ProfileUpdate | null {
  let merged: ProfileUpdate | null = null;
  for (const entry of entries ?? []) {
    if (entry.op.kind === 'profile') merged = { ...(merged ?? {}), ...entry.op.update };
  }
  return merged;
}

export interface PendingPaymentMethods {
  /** Queued additions, shaped like saved methods (id `pending-<seq>`; details masked on display). */
  added: PaymentMethod[];
  /** Ids of saved methods whose deletion is queued. */
  deleting: ReadonlySet<string>;
}

export function pendingPaymentMethods(entries: readonly OutboxEntry[] | undefined): PendingPaymentMethods {
  const added: PaymentMethod[] = [];
  const deleting = new Set<string>();
  for (const entry of entries ?? []) {
    const { op } = entry;
    if (op.kind === 'payment-method-delete') deleting.add(op.paymentMethodId);
    if (op.kind !== 'payment-method-add') continue;
    const body = op.body;
    added.push({
      id: `pending-${entry.seq}`,
      type: body.type as PaymentMethod['type'],
      label: '',
      isDefault: false,
      paypalEmail: body.paypalEmail || null,
      cryptoCurrency: (body.cryptoCurrency || null) as PaymentMethod['cryptoCurrency'],
      walletAddress: body.walletAddress || null,
      bankName: body.bankName || null,
      accountHolderName: body.accountHolderName || null,
      iban: body.iban || null,
      swiftCode: body.swiftCode || null,
      routingNumber: body.routingNumber || null,
      accountNumber: body.accountNumber || null,
      accountType: (body.accountType || null) as PaymentMethod['accountType'],
      createdAt: new Date(entry.createdAt).toISOString(),
    });
  }
  return { added, deleting };
}

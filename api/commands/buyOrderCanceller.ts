/**
 * A bidder cancels their open buy order: whatever its reserve still holds (price × the units not
 * filled) returns to their available balance in one posting, in one transaction (the request's
 * Idempotency-Key's when it sent one). The bid's row is locked first, so a fill under way finishes
 * before (and the cancel releases what it left) or waits and then finds the bid closed. Another
 * user's bid is not found; a filled or cancelled one is a 409 `buy_order_closed`.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { BuyOrder } from '../entities';
import { conflict, notFound } from '../errors';
import { recordEvents } from '../events/domainEvents';
import { availableBalance, reserveBalance } from '../ledger/ledger';
import { releaseReserve } from '../ledger/postings';
import { buyOrderEvent } from '../market/buyOrderFills';
import { type BuyOrderOutcome } from './buyOrderPlacer';

interface Props {
  userId: string;
  buyOrderId: string;
  dataSource: DataSource;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export async function buyOrderCanceller({ userId, buyOrderId, dataSource, manager }: Props): Promise<BuyOrderOutcome> {
  return joinOrBegin(dataSource, manager, async (tx) => {
    const repository = tx.getRepository(BuyOrder);
    const buyOrder = await repository.findOne({ where: { id: buyOrderId, userId }, lock: { mode: 'pessimistic_write' } });
    if (!buyOrder) throw notFound('Buy order not found');
    if (buyOrder.status !== 'open') throw conflict(`This buy order is already ${buyOrder.status}`, 'buy_order_closed');

    const held = await reserveBalance(tx, buyOrder.id);
    buyOrder.status = 'cancelled';
    await repository.save(buyOrder);
    if (held > 0n) {
      await releaseReserve(tx, {
        userId,
        cents: held,
        buyOrderId: buyOrder.id,
        description: `Buy order cancelled: ${buyOrder.name}, ${buyOrder.quantity - buyOrder.filled} not bought (${formatUsd(held)} returned)`,
      });
    }
    // Read after the posting: a credit repays a debt first (ledger.ts `post`).
    const balanceCents = await availableBalance(tx, userId);
    await audit(tx, {
      actor: `user:${userId}`,
      action: 'buy_order.cancelled',
      subjectType: 'buy_order',
      subjectId: buyOrder.id,
      details: { filled: buyOrder.filled, releasedCents: held.toString() },
    });
    await recordEvents(tx, [
      { userId, type: 'balance', payload: { balance: formatMoney(balanceCents) } },
      buyOrderEvent(buyOrder),
    ]);
    return { buyOrder, reservedCents: 0n, balanceCents };
  });
}

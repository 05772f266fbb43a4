/**
 * A bidder places a buy order (docs/adr/0077-buy-orders.md): up to 100 units of one market hash name
 * at a price each, paid for up front: price × quantity moves from their available balance into the
 * bid's own reserve, in one transaction (the request's Idempotency-Key's). Refused, with nothing
 * changed, as a purchase would be (commands/purchaseCreator.ts): a frozen account or one in debt
 * (403), no saved trade URL (400: a filled unit is delivered there), a name no listing or sale ever
 * had (400 on `marketHashName`), a balance below the total (402; the ledger's CHECK is the real
 * guard, and its refusal maps to the same answer).
 *
 * The bidder's row is read FOR SHARE, so a freeze waits for a bid under way and no bid is placed
 * after it. The bid copies the name, image and rarity of the newest listing under the name.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type Rarity } from '../../shared/constants';
import { formatMoney, formatUsd } from '../../shared/money';
import { type BuyOrderRequest } from '../../shared/schemas/buyOrders';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { BuyOrder } from '../entities';
import { badRequest } from '../errors';
import { recordEvents } from '../events/domainEvents';
import { InsufficientFundsError } from '../ledger/ledger';
import { reserveForBuyOrder } from '../ledger/postings';
import { buyOrderEvent } from '../market/buyOrderFills';
import { refuseIfFrozen } from '../users/frozenAccounts';
import { accountInDebt } from '../wallet/withdrawable';
import { notEnoughBalance, TRADE_URL_REQUIRED } from './purchaseCreator';

export const UNKNOWN_ITEM = 'Unknown item';

interface Props {
  userId: string;
  request: BuyOrderRequest;
  dataSource: DataSource;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export interface BuyOrderOutcome {
  buyOrder: BuyOrder;
  /** What the bid's reserve holds now, in cents. */
  reservedCents: bigint;
  /** The bidder's available balance after it, in cents. */
  balanceCents: bigint;
}

/** The bidder's row FOR SHARE with their balance and debt, and the newest listing's name and image under the name (or whether a sale had it). */
const lookupSql = `
  SELECT u.trade_url, u.frozen_at,
    (SELECT balance::text FROM ledger_accounts WHERE kind = 'user_available' AND user_id = u.id) AS available,
    (SELECT (-balance)::text FROM ledger_accounts WHERE kind = 'user_debt' AND user_id = u.id) AS owed,
    newest.name, newest.image_url, newest.rarity,
    newest.name IS NOT NULL OR EXISTS (SELECT 1 FROM sales WHERE market_hash_name = $2) AS known
  FROM (SELECT id, trade_url, frozen_at FROM users WHERE id = $1 FOR SHARE) AS u
  LEFT JOIN LATERAL (
    SELECT name, image_url, rarity FROM listings WHERE market_hash_name = $2 ORDER BY created_at DESC LIMIT 1
  ) AS newest ON true`;

interface LookupRow {
  trade_url: string | null;
  frozen_at: Date | null;
  available: string | null;
  owed: string | null;
  name: string | null;
  image_url: string | null;
  rarity: Rarity | null;
  known: boolean;
}

export async function buyOrderPlacer({ userId, request, dataSource, manager }: Props): Promise<BuyOrderOutcome> {
  try {
    return await joinOrBegin(dataSource, manager, async (tx) => {
      const [row] = (await tx.query(lookupSql, [userId, request.marketHashName])) as LookupRow[];
      if (!row) throw new Error(`buy order by unknown user ${userId}`);
      refuseIfFrozen({ frozenAt: row.frozen_at });
      const owed = BigInt(row.owed ?? '0');
      if (owed > 0n) throw accountInDebt(owed);
      if (!row.trade_url) throw badRequest(TRADE_URL_REQUIRED, { tradeUrl: TRADE_URL_REQUIRED }, 'trade_url_required');
      if (!row.known) throw badRequest(UNKNOWN_ITEM, { marketHashName: UNKNOWN_ITEM });
      const totalCents = request.price * BigInt(request.quantity);
      if (BigInt(row.available ?? '0') < totalCents) throw notEnoughBalance();

      const buyOrder = await tx.getRepository(BuyOrder).save(
        tx.getRepository(BuyOrder).create({
          userId,
          marketHashName: request.marketHashName,
          name: row.name ?? request.marketHashName,
          imageUrl: row.image_url,
          rarity: row.rarity ?? 'unknown',
          priceCents: request.price,
          quantity: request.quantity,
          filled: 0,
          maxFloat: request.maxFloat ?? null,
          status: 'open',
        }),
      );
      const { balanceCents } = await reserveForBuyOrder(tx, {
        userId,
        cents: totalCents,
        buyOrderId: buyOrder.id,
        description: `Buy order: ${buyOrder.quantity} × ${buyOrder.name} at up to ${formatUsd(buyOrder.priceCents)}`,
      });
      await audit(tx, {
        actor: `user:${userId}`,
        action: 'buy_order.placed',
        subjectType: 'buy_order',
        subjectId: buyOrder.id,
        details: { marketHashName: buyOrder.marketHashName, priceCents: buyOrder.priceCents.toString(), quantity: buyOrder.quantity, maxFloat: buyOrder.maxFloat },
      });
      await recordEvents(tx, [
        { userId, type: 'balance', payload: { balance: formatMoney(balanceCents) } },
        buyOrderEvent(buyOrder),
      ]);
      return { buyOrder, reservedCents: totalCents, balanceCents };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw notEnoughBalance();
    throw error;
  }
}

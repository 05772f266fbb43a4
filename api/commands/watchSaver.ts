/**
 * Watches an item for a user, or changes the alert price of the watch they have
 * (docs/adr/0078-watchlist-alerts.md). The item's name and picture are copied from its newest
 * listing, so the watchlist can show them when nothing of it is on sale. A name no listing or sale
 * ever had is refused: 400 `{marketHashName: 'Unknown item'}`.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type WatchRequest } from '../../shared/schemas/watchlist';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { Watch } from '../entities';
import { badRequest } from '../errors';

interface Props {
  userId: string;
  /** Validated with watchRequestSchema; an absent maxPrice is null (alert on any price). */
  request: WatchRequest;
  dataSource: DataSource;
  manager?: EntityManager;
}

export interface SavedWatch {
  watch: Watch;
  /** False when the user already watched the item and only its alert price changed. */
  created: boolean;
}

/**
 * The item's name and picture as its newest listing has them. Sales of the demo's seeded history
 * name no listing: an item known only from those is watched under its market hash name, and the
 * PWA draws its placeholder picture.
 */
async function itemOf(manager: EntityManager, marketHashName: string): Promise<{ name: string; image_url: string } | null> {
  const [listed] = (await manager.query('SELECT name, image_url FROM listings WHERE market_hash_name = $1 ORDER BY created_at DESC LIMIT 1', [
    marketHashName,
  ])) as Array<{ name: string; image_url: string }>;
  if (listed) return listed;
  const sold = (await manager.query('SELECT 1 FROM sales WHERE market_hash_name = $1 LIMIT 1', [marketHashName])) as unknown[];
  return sold.length > 0 ? { name: marketHashName, image_url: '' } : null;
}

export async function watchSaver({ userId, request, dataSource, manager }: Props): Promise<SavedWatch> {
  return joinOrBegin(dataSource, manager, async (tx) => {
    const item = await itemOf(tx, request.marketHashName);
    if (!item) throw badRequest('Unknown item', { marketHashName: 'Unknown item' });
    const maxPriceCents = request.maxPrice ?? null;
    // One statement whether the watch is new or not; xmax is 0 only on a row this statement inserted.
    const [row] = (await tx.query(
      `INSERT INTO watches (user_id, market_hash_name, name, image_url, max_price_cents) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, market_hash_name) DO UPDATE SET max_price_cents = EXCLUDED.max_price_cents
       RETURNING id, (xmax = 0) AS created`,
      [userId, request.marketHashName, item.name, item.image_url, maxPriceCents?.toString() ?? null],
    )) as Array<{ id: string; created: boolean }>;
    const watch = await tx.getRepository(Watch).findOneByOrFail({ id: row!.id });
    await audit(tx, {
      actor: `user:${userId}`,
      action: row!.created ? 'watch.created' : 'watch.updated',
      subjectType: 'watch',
      subjectId: watch.id,
      details: { marketHashName: watch.marketHashName, maxPriceCents: maxPriceCents?.toString() ?? null },
    });
    return { watch, created: row!.created };
  });
}

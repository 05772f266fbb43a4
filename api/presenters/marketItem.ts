/** A listing as buyers see it on the market (GET /api/skins, GET /api/featured-skins). */
import { type Condition, type Rarity } from '../../shared/constants';
import { formatMoney } from '../../shared/money';
import { type MarketItem } from '../../shared/schemas/market';
import { type MarketItemRow } from '../market/catalogue';

export function presentMarketItem(row: MarketItemRow): MarketItem {
  return {
    id: row.id,
    name: row.name,
    marketHashName: row.market_hash_name,
    imageUrl: row.image_url,
    price: formatMoney(BigInt(row.price)),
    weaponType: row.weapon_type,
    rarity: row.rarity as Rarity,
    condition: row.condition as Condition | null,
    float: row.float,
    paintSeed: row.paint_seed,
    statTrak: row.stat_trak,
    souvenir: row.souvenir,
    tradableAt: row.hold_end_time.toISOString(),
    inspectLink: row.inspect_link,
  };
}

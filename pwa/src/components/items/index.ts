/**
 * Shared item components: every screen that shows CS2 items (Inventory, the Sell tab, the market's
 * Buy grid, My Listings) draws them with these, so an item looks the same everywhere.
 *
 * - ItemCard / ItemPrice / ItemCardNote: the grid card (picture, badges, name, rarity, condition, float, price slot, actions).
 * - ItemGrid / ItemGridCell / ItemGridSkeleton: the responsive list of cards and its loading state.
 * - ItemImage / ItemThumbnail: the picture with a name placeholder when it fails to load.
 *   PRIORITY_CARDS: how many first cards of a grid load their pictures at once.
 * - RarityBadge / RarityDot, QualityBadges (StatTrak™, Souvenir), ConditionLabel, TradabilityBadges.
 * - FloatMeter: wear bar with the value to 4 decimals or 'N/A'.
 * - ItemSummary: one-row item (dialog heads, list lines). SaleBreakdown: price, 3% fee, You Receive.
 * - SellPriceField / useSellPrice: the price input of the sell dialogs, parsed into cents.
 * - SuggestedPrices: the sell dialogs' lowest listing, 7-day median and best buy order, one tap each.
 * - rarity.ts: RARITY_LABELS, rarityLabel, rarityCssVar.
 */
export { FloatMeter } from './FloatMeter';
export { ConditionLabel, QualityBadges, TradabilityBadges } from './ItemBadges';
export { ItemCard, ItemCardNote, ItemPrice, type ItemCardItem, type ItemCardProps } from './ItemCard';
export { ItemGrid, ItemGridCell, ItemGridSkeleton } from './ItemGrid';
export { ItemImage, ItemThumbnail } from './ItemImage';
export { PRIORITY_CARDS } from './priority';
export { ItemSummary } from './ItemSummary';
export { RarityBadge, RarityDot } from './RarityBadge';
export { RARITY_LABELS, isKnownRarity, rarityCssVar, rarityLabel } from './rarity';
export { SaleBreakdown } from './SaleBreakdown';
export { SuggestedPrices } from './SuggestedPrices';
export { INVALID_PRICE_MESSAGE, INVALID_PRICE_TITLE, SellPriceField, useSellPrice } from './SellPriceField';

/**
 * The Buy tab's watchlist, loaded apart from the grid (docs/adr/0078-watchlist-alerts.md): the
 * watchlist's query and mutations are not in /market's first download (ops/size.ts), so the stars
 * appear over the cards' pictures once this small chunk (the star button's code with it) is in.
 * Renders nothing; hands the grid what its stars need (useWatchToggle) whenever that changes.
 */
import { useEffect, useMemo } from 'react';
import type { MarketItem } from '../../../../../shared/schemas/market';
import { useWatchToggle } from './useWatchToggle';
import { WatchButton } from './WatchButton';

export interface Stars {
  isWatched: (marketHashName: string) => boolean;
  onToggle: (item: MarketItem) => void;
  /** The star itself (WatchButton). */
  Button: typeof WatchButton;
}

export default function WatchlistStars({ onChange }: { onChange: (stars: Stars) => void }) {
  const { isWatched, toggle } = useWatchToggle();
  const stars = useMemo<Stars>(() => ({ isWatched, onToggle: (item) => toggle(item.marketHashName), Button: WatchButton }), [isWatched, toggle]);
  useEffect(() => onChange(stars), [stars, onChange]);
  return null;
}

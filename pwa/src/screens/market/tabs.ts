/**
 * The market's two tabs, each loaded only when shown: the Sell tab never downloads the catalogue,
 * cart and purchase code, and the other way round. The router starts the opened tab's code with
 * the market screen's (router.tsx), rather than once the screen has rendered.
 */
import { lazyWithPreload } from '../../lazyWithPreload';
import type { MarketTab } from './marketTab';

export const BuyTab = lazyWithPreload(() => import('./buy/BuyTab'));
export const SellTab = lazyWithPreload(() => import('./sell/SellTab'));

export function preloadMarketTab(tab: MarketTab): Promise<void> {
  return (tab === 'buy' ? BuyTab : SellTab).preload();
}

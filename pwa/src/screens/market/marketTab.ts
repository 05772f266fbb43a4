/** Which Market tab a URL shows: /market/sell or the #sell hash mean Sell, anything else Buy. */
export type MarketTab = 'buy' | 'sell';

export function marketTabFor(routeTab: MarketTab, hash: string): MarketTab {
  return routeTab === 'sell' || hash === '#sell' ? 'sell' : 'buy';
}

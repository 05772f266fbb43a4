/**
 * The query keys of the signed-in data, apart from the hooks that fetch and change it: the app's
 * start needs the keys on every page (live events invalidate by them, the offline copies are
 * written under them), the hooks only with the screens that use them, so they load with those.
 */

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

export const walletKeys = {
  all: ['wallet'] as const,
  deposits: (limit: number) => [...walletKeys.all, 'deposits', { limit }] as const,
  withdrawals: (limit: number) => [...walletKeys.all, 'withdrawals', { limit }] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
  withdrawable: () => [...walletKeys.all, 'withdrawable'] as const,
  /** Prefixes for invalidating every page size at once. */
  allDeposits: () => [...walletKeys.all, 'deposits'] as const,
  allWithdrawals: () => [...walletKeys.all, 'withdrawals'] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
};

export const listingKeys = {
  all: ['listings'] as const,
  /** The signed-in seller's listings; logout reloads the page, so one entry per session is enough. */
  mine: () => [...listingKeys.all, 'mine'] as const,
  cancel: () => [...listingKeys.all, 'cancel'] as const,
};

export const inventoryKeys = {
  all: ['inventory'] as const,
  /** The signed-in user's inventory; logout reloads the page, so one entry per session is enough. */
  mine: () => [...inventoryKeys.all, 'mine'] as const,
  botStatus: () => ['bot-status'] as const,
};

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  /** The signed-in user's methods; logout reloads the page, so one entry per session is enough. */
  list: () => [...paymentMethodKeys.all, 'list'] as const,
  add: () => [...paymentMethodKeys.all, 'add'] as const,
  remove: () => [...paymentMethodKeys.all, 'delete'] as const,
};

export const tradeOfferKeys = {
  all: ['trade-offers'] as const,
  status: (offerId: string) => [...tradeOfferKeys.all, offerId, 'status'] as const,
  send: () => [...tradeOfferKeys.all, 'send'] as const,
};

export const buyOrderKeys = {
  all: ['buy-orders'] as const,
  /** The signed-in user's bids; logout reloads the page, so one entry per session is enough. */
  mine: () => [...buyOrderKeys.all, 'mine'] as const,
  /** An item's public book of open bids; with a float, the bids an item of that float could fill. */
  book: (marketHashName: string, float: number | null = null) => [...buyOrderKeys.all, 'book', marketHashName, float] as const,
};

export const watchlistKeys = {
  all: ['watchlist'] as const,
  /** The signed-in user's watches; logout reloads the page, so one entry per session is enough. */
  mine: () => [...watchlistKeys.all, 'mine'] as const,
  save: () => [...watchlistKeys.all, 'save'] as const,
  remove: () => [...watchlistKeys.all, 'delete'] as const,
};

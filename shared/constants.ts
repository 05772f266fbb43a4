/**
 * Business constants of the product. Both the PWA and the API read them from here,
 * so a figure shown in a help article is the figure the server enforces.
 */

/** Platform fee on sales, in percent; the seller receives the rest. */
export const PLATFORM_FEE_PERCENT = 3;
/** Trade-protection hold before a sale is paid out (the API's TRADE_HOLD_MS defaults to this). */
export const TRADE_HOLD_DAYS = 7;
export const TRADE_HOLD_MS = TRADE_HOLD_DAYS * 24 * 60 * 60 * 1000;

/**
 * Buyers who keep turning deliveries down tie listings up for nothing (the price comes back to them):
 * after DELIVERY_FAILURE_LIMIT deliveries within DELIVERY_FAILURE_WINDOW_DAYS that failed because of
 * the buyer (declined, left to expire, or their trade URL or account could not receive the items),
 * the account cannot buy for PURCHASE_RESTRICTION_DAYS after the latest of them.
 */
export const DELIVERY_FAILURE_LIMIT = 3;
export const DELIVERY_FAILURE_WINDOW_DAYS = 30;
export const PURCHASE_RESTRICTION_DAYS = 7;

/**
 * What a frozen account is told when it tries to buy, sell, withdraw or add a payment method (the
 * API's 403 `account_frozen`); staff freeze accounts from the console, and the account can still sign
 * in and read its data.
 */
export const ACCOUNT_FROZEN_MESSAGE =
  'Your account is frozen, so you cannot buy, sell, withdraw or add payment methods. Please contact support.';

/** Money limits, in integer cents. */
export const MIN_WITHDRAWAL_CENTS = 1_000;
export const MIN_DEPOSIT_CENTS = 1_000;
export const MAX_DEPOSIT_CENTS = 100_000;
export const MIN_SELL_PRICE_CENTS = 1;
export const MAX_SELL_PRICE_CENTS = 10_000_000;

/** Market grid paging: 18 items a page, the next page when scrolled within 200 px after 500 ms. */
export const MARKET_PAGE_SIZE = 18;
export const MARKET_SCROLL_THRESHOLD_PX = 200;
export const MARKET_SCROLL_DELAY_MS = 500;
export const FEATURED_SKINS_LIMIT = 8;
/** My Listings loads its cards this many at a time (whole rows of its 1, 2 or 3 columns), as the Buy grid does. */
export const LISTINGS_PAGE_SIZE = 24;
/**
 * Watches a page of GET /api/watchlist holds as the PWA asks for them: the API's largest page, so
 * the market's stars know of every watch of nearly every user from one request.
 */
export const WATCHLIST_PAGE_SIZE = 100;

/** Polling intervals and cache lifetimes. */
export const TRADE_STATUS_POLL_MS = 3_000;
export const BOT_STATUS_POLL_MS = 30_000;
export const LISTINGS_POLL_MS = 30_000;
export const INVENTORY_STALE_MS = 5 * 60 * 1000;

/** UI timers. */
export const COPY_CONFIRMATION_MS = 2_000;
export const CART_ADD_DELAY_MS = 300;
export const TOAST_DURATION_MS = 5_000;
export const TOOLTIP_DELAY_MS = 700;

/** Browser storage keys (exact names: stored data outlives a deploy). */
export const STORAGE_KEYS = {
  cart: 'market-cart',
  tradeProtectionWarningShown: 'tradeProtectionWarningShown',
} as const;

/**
 * The signed-in hint: a readable cookie the API sets beside the session (value `1`) so the PWA
 * asks GET /api/user only when there may be someone to ask about (api/auth/signedInHint.ts).
 */
export const SIGNED_IN_HINT_COOKIE = 'skinmarket_signed_in';

/** Trade payload defaults for CS2 items. */
export const STEAM_APP_ID = 730;
export const STEAM_CONTEXT_ID = '2';

export const RARITIES = [
  'consumer grade',
  'industrial grade',
  'mil-spec',
  'restricted',
  'classified',
  'covert',
  'contraband',
  'unknown',
] as const;
export type Rarity = (typeof RARITIES)[number];

/** Display colour of each rarity tier (the game's own palette); unknown gets the default grey. */
export const RARITY_COLORS: Record<Rarity, string> = {
  'consumer grade': '#b0c3d9',
  'industrial grade': '#5e98d9',
  'mil-spec': '#4b69ff',
  restricted: '#8847ff',
  classified: '#d32ce6',
  covert: '#eb4b4b',
  contraband: '#e4ae39',
  unknown: '#9ca3af',
};

export const CONDITIONS = [
  'Factory New',
  'Minimal Wear',
  'Field-Tested',
  'Well-Worn',
  'Battle-Scarred',
] as const;
export type Condition = (typeof CONDITIONS)[number];

/** CS2's pattern index (the paint seed) runs from 0 to this. */
export const MAX_PAINT_SEED = 1000;

/** Float (wear) ranges per condition, as the game defines them; upper bounds are exclusive. */
export const CONDITION_FLOAT_RANGES: Record<Condition, readonly [number, number]> = {
  'Factory New': [0, 0.07],
  'Minimal Wear': [0.07, 0.15],
  'Field-Tested': [0.15, 0.38],
  'Well-Worn': [0.38, 0.45],
  'Battle-Scarred': [0.45, 1],
};

/** Weapon types as Steam's `Type` tag names them (localized English names). */
export const WEAPON_TYPES = ['Pistol', 'Rifle', 'Sniper Rifle', 'SMG', 'Shotgun', 'Machinegun', 'Knife', 'Gloves'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];

/** Listing statuses (docs/adr/0024-offer-sync-and-hold-end.md). */
export const LISTING_STATUSES = ['holding', 'active', 'payment_pending', 'completed', 'cancelled'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const PAYMENT_METHOD_TYPES = ['paypal', 'bank_wire_usa', 'iban_sepa', 'crypto'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodType, string> = {
  paypal: 'PayPal',
  bank_wire_usa: 'Bank Wire (USA)',
  iban_sepa: 'IBAN / SEPA',
  crypto: 'Cryptocurrency',
};
export const CRYPTO_CURRENCIES = ['bitcoin', 'ethereum', 'litecoin'] as const;

/** Processing times as the product states them. */
export const PROCESSING_TIMES = {
  paypal: 'Instant',
  bank_wire_usa: '1-3 business days',
  iban_sepa: '1-2 business days',
  crypto: '1-24 hours',
} as const satisfies Record<PaymentMethodType, string>;

/** Support promises. */
export const SUPPORT = {
  email: 'support@skinmarket.gg',
  generalResponse: '2-4 hours',
  technicalResponse: '1-2 hours',
  paymentResponse: '30 minutes',
  issueAcknowledgement: '15 minutes',
  termsResponse: '24-48 hours',
  privacyResponse: '30 days',
  urgentPrivacySubject: 'URGENT PRIVACY',
  refundSubject: 'REFUND REQUEST',
} as const;

/** Refund policy figures. */
export const REFUNDS = {
  fullWithinHours: 24,
  partialWithinDays: 7,
  requestWithinDays: 30,
  reviewBusinessDays: '2-5',
  processingBusinessDays: '3-7',
} as const;

export const POLICY_LAST_UPDATED = 'January 29, 2025';
export const RECORD_RETENTION_YEARS = 7;
export const MINIMUM_AGE = 13;
export const PRODUCT_NAME = 'SkinMarket';

export const CONTACT_CATEGORIES = [
  'General Question',
  'Account Issues',
  'Payment Problems',
  'Selling Skins',
  'Steam Integration',
  'Technical Support',
  'Security Concerns',
  'Feature Request',
  'Bug Report',
  'Other',
] as const;
export const ISSUE_TYPES = ['bug', 'security', 'performance', 'ui', 'payment', 'other'] as const;
export const ISSUE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

/** The market's sort orders (GET /api/skins `sort`); `float_asc` puts items without a float last. */
export const MARKET_SORTS = ['price_desc', 'price_asc', 'name_asc', 'float_asc'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** Longest market search, in characters after trimming. */
export const MAX_SEARCH_LENGTH = 100;

/** The periods an item's price history covers, in days (GET /api/items/:marketHashName/price-history). */
export const PRICE_HISTORY_DAYS = [7, 30, 90, 365] as const;
export type PriceHistoryDays = (typeof PRICE_HISTORY_DAYS)[number];
export const DEFAULT_PRICE_HISTORY_DAYS: PriceHistoryDays = 30;
/** How many of an item's latest sales GET /api/items/:marketHashName/sales answers unless asked, and at most. */
export const RECENT_SALES_LIMIT = 20;
export const MAX_RECENT_SALES_LIMIT = 100;
/** Steam's market hash names run to some 80 characters; anything far longer is not one. */
export const MAX_MARKET_HASH_NAME_LENGTH = 200;

/** A buy order's states (docs/adr/0077-buy-orders.md): taking units, all bought, or given up. */
export const BUY_ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type BuyOrderStatus = (typeof BUY_ORDER_STATUSES)[number];

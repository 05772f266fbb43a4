/**
 * The requests about buy orders (docs/adr/0077-buy-orders.md): placing one and the user's list.
 * The answers are ../answers/buyOrders.ts.
 */
import { MAX_MARKET_HASH_NAME_LENGTH } from '../constants';
import { CONTROL_CHARACTERS_MESSAGE, isSingleLineText } from '../text';
import { sellPriceSchema } from './money';
import { z } from './zod';

export const MAX_BUY_ORDER_QUANTITY = 100;
const QUANTITY_MESSAGE = `Must be a whole number from 1 to ${MAX_BUY_ORDER_QUANTITY}`;
const MAX_FLOAT_MESSAGE = 'Must be a float from 0 to 1';

/**
 * POST /api/buy-orders (with an Idempotency-Key). The price is a sell price's (the bid fills
 * listings, whose prices have the same bounds); `maxFloat` null or left out: any float.
 */
export const buyOrderRequestSchema = z.strictObject({
  marketHashName: z
    .string({ error: 'Required' })
    .min(1, 'Required')
    .max(MAX_MARKET_HASH_NAME_LENGTH, `Must be at most ${MAX_MARKET_HASH_NAME_LENGTH} characters`)
    .refine(isSingleLineText, CONTROL_CHARACTERS_MESSAGE),
  price: sellPriceSchema,
  quantity: z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(MAX_BUY_ORDER_QUANTITY, QUANTITY_MESSAGE),
  maxFloat: z.number({ error: MAX_FLOAT_MESSAGE }).min(0, MAX_FLOAT_MESSAGE).max(1, MAX_FLOAT_MESSAGE).nullable().optional(),
});
export type BuyOrderRequest = z.output<typeof buyOrderRequestSchema>;
export type BuyOrderBody = z.input<typeof buyOrderRequestSchema>;

export { pageQuerySchema } from './page';
export {
  type BookLevel,
  type BuyOrder,
  type BuyOrderBook,
  type BuyOrderResult,
  type BuyOrdersPage,
} from '../answers/buyOrders';

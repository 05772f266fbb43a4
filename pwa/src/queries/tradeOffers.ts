/**
 * Trade offers: selling sends the chosen inventory items to the platform's trade bot
 * (POST /api/trade-offers), then the Sell tab watches the offer (GET /api/trade-offer/{id}/status,
 * every TRADE_STATUS_POLL_MS = 3 s) until Steam reports it accepted or failed (docs/adr/0023-sending-trade-offers.md),
 * or the seller calls it off (POST /api/trade-offer/{id}/cancel).
 *
 * The request carries the full trade-offer item payload (name, appid, contextid, assetid,
 * amount, price, condition, weaponType, rarity, imageUrl, float, statTrak); the server uses only
 * assetid and price and re-reads everything else from the user's Steam inventory.
 */
import { tradeOfferCreatedAnswer, tradeOfferStatusAnswer } from '../../../shared/answers/market';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STEAM_APP_ID, STEAM_CONTEXT_ID, TRADE_STATUS_POLL_MS } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import type { InventoryItem } from '../../../shared/schemas/inventory';
import type { TradeOfferStatus } from '../../../shared/schemas/market';
import { apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { inventoryKeys, listingKeys, tradeOfferKeys } from './keys';

/** One item of the trade-offer payload; `price` is a two-decimal string. */
export interface TradeOfferItemPayload {
  name: string;
  appid: number;
  contextid: string;
  assetid: string;
  amount: number;
  price: string;
  condition: string | null;
  weaponType: string;
  rarity: string;
  imageUrl: string;
  float: number | null;
  statTrak: boolean;
}

export interface SendTradeOfferVariables {
  items: TradeOfferItemPayload[];
  tradeUrl: string;
}

/** The payload entry of an inventory item sold at `priceCents` (defaults: appid 730, contextid 2, amount 1). */
export function tradeOfferItem(item: InventoryItem, priceCents: bigint): TradeOfferItemPayload {
  return {
    name: item.name,
    appid: item.appid || STEAM_APP_ID,
    contextid: item.contextid || STEAM_CONTEXT_ID,
    assetid: item.assetid,
    amount: item.amount || 1,
    price: formatMoney(priceCents),
    condition: item.condition,
    weaponType: item.weaponType,
    rarity: item.rarity,
    imageUrl: item.imageUrl,
    float: item.float,
    statTrak: item.statTrak,
  };
}

/**
 * Sends a trade offer. Success (or failure: an item may have been reserved anyway) changes the
 * inventory's `listed` flags, so the inventory is refetched either way.
 */
export function useSendTradeOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: tradeOfferKeys.send(),
    mutationFn: (variables: SendTradeOfferVariables) =>
      apiFetch('/api/trade-offers', tradeOfferCreatedAnswer, { method: 'POST', body: variables }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.mine() }),
  });
}

/**
 * Calls an offer off at Steam (POST /api/trade-offer/{id}/cancel): the answer is the offer's status
 * afterwards, accepted when the seller accepted it first. Inventory and listings change either way.
 */
export function useCancelTradeOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...tradeOfferKeys.all, 'cancel'],
    mutationFn: (offerId: string) => apiFetch(`/api/trade-offer/${encodeURIComponent(offerId)}/cancel`, tradeOfferStatusAnswer, { method: 'POST' }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: inventoryKeys.mine() }), queryClient.invalidateQueries({ queryKey: listingKeys.mine() })]),
    });
}

/** True once the status is final: accepted, or failed (declined, expired, cancelled, invalid items). */
export function isFinalTradeStatus(status: TradeOfferStatus | undefined): boolean {
  return status !== undefined && (!status.success || status.isAccepted);
}

/**
 * The status of one offer, polled every 3 s while `offerId` is set and the offer is still open;
 * polling stops by itself once the answer is final. Pass null when nothing is being watched.
 */
export function useTradeOfferStatusQuery(offerId: string | null) {
  return useQuery({
    queryKey: tradeOfferKeys.status(offerId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/trade-offer/${encodeURIComponent(offerId ?? '')}/status`, tradeOfferStatusAnswer, { signal }),
    enabled: offerId !== null,
    meta: USER_SCOPED,
    staleTime: 0,
    refetchInterval: (query) => (isFinalTradeStatus(query.state.data) ? false : TRADE_STATUS_POLL_MS),
    // The seller switches to Steam to accept the offer: keep polling while the tab is in the background.
    refetchIntervalInBackground: true,
  });
}

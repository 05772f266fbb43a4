/**
 * The cart's Purchase button: the purchase itself is the cart's (cart/purchase.ts); this hook says
 * its outcome. Visitors are told to sign in and sent to the Steam login; a bought cart goes to
 * /checkout?order=<id>; each refusal gets its toast (items sold meanwhile have left the cart).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import type { MarketItem } from '../../../../../shared/answers/market';
import { useCartPurchase, type PurchaseOutcome } from '../../../cart/purchase';
import { INSUFFICIENT_BALANCE, SIGN_IN_REQUIRED, ownListingMessage, unavailableMessage } from '../../../cart/purchaseOutcome';
import { CART_TOAST_ID } from '../../../cart/useCart';
import { STEAM_LOGIN_PATH } from '../../../components/SteamLoginButton';
import { toaster } from '../../../components/toaster';

/** Long enough to read 'Sign In Required' before the browser leaves for the Steam login. */
const SIGN_IN_REDIRECT_MS = 1_500;

export function usePurchase() {
  const navigate = useNavigate();
  const { purchase: buy, isPurchasing } = useCartPurchase();

  const tell = useCallback(
    (outcome: PurchaseOutcome, onDone?: () => void) => {
      switch (outcome.kind) {
        case 'bought': {
          const count = outcome.order.items.length;
          toaster.create({
            type: 'success',
            title: 'Purchase Successful',
            description: `${count} ${count === 1 ? 'item' : 'items'} bought for ${formatUsd(parseMoney(outcome.order.total) ?? 0n)}. We send them to your Steam account when the seller's trade protection ends.`,
          });
          onDone?.();
          navigate(`/checkout?order=${encodeURIComponent(outcome.order.orderId)}`);
          return;
        }
        case 'signed_out':
          toaster.create({ type: 'info', ...SIGN_IN_REQUIRED });
          setTimeout(() => window.location.assign(STEAM_LOGIN_PATH), SIGN_IN_REDIRECT_MS);
          return;
        case 'insufficient_balance':
          toaster.create({ type: 'error', ...INSUFFICIENT_BALANCE, action: { label: 'Top Up', onClick: () => navigate('/add-funds') } });
          return;
        case 'unavailable':
          toaster.create({ type: 'warning', title: 'Items No Longer Available', description: unavailableMessage(outcome.items) });
          return;
        case 'own_listing':
          toaster.create({ type: 'warning', title: 'Your Own Listing', description: ownListingMessage(outcome.items) });
          return;
        case 'trade_url_required':
          toaster.create({
            type: 'error',
            title: 'Trade URL Required',
            description: 'Save your Steam trade URL in your profile so we can send you the items, then purchase again.',
            action: { label: 'Open Profile', onClick: () => navigate('/profile') },
          });
          return;
        case 'trade_url_cannot_receive':
          toaster.create({
            type: 'error',
            title: 'Trade URL Cannot Receive Items',
            description: outcome.message,
            action: { label: 'Open Profile', onClick: () => navigate('/profile') },
          });
          return;
        case 'failed':
          toaster.create({ type: 'error', title: 'Purchase Failed', description: outcome.message });
      }
    },
    [navigate],
  );

  const purchase = useCallback(
    (items: readonly MarketItem[], onDone?: () => void) => {
      if (items.length === 0) return;
      // The purchase's answer matters more than the last 'Added to Cart'.
      toaster.remove(CART_TOAST_ID);
      void buy(items).then((outcome) => tell(outcome, onDone));
    },
    [buy, tell],
  );

  return { purchase, isPurchasing };
}

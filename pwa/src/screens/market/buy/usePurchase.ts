/**
 * The cart's Purchase button: visitors are told to sign in and sent to the Steam login; a signed-in
 * buyer's cart is bought in one request (all or nothing). Only once the server confirmed does the
 * cart lose the bought items (usePurchaseMutation); then the buyer goes to /checkout?order=<id>. Refusals are explained
 * (purchaseOutcome.ts) and, for items sold meanwhile, those items leave the cart.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import type { MarketItem } from '../../../../../shared/schemas/market';
import { cartStore } from '../../../cart/cartStore';
import { CART_TOAST_ID } from '../../../cart/useCart';
import { STEAM_LOGIN_PATH } from '../../../components/SteamLoginButton';
import { toaster } from '../../../components/toaster';
import { usePurchaseMutation } from '../../../queries/orders';
import { useCurrentUser } from '../../../queries/user';
import { INSUFFICIENT_BALANCE, SIGN_IN_REQUIRED, ownListingMessage, purchaseRefusal, unavailableMessage } from './purchaseOutcome';

/** Long enough to read 'Sign In Required' before the browser leaves for the Steam login. */
const SIGN_IN_REDIRECT_MS = 1_500;

export function usePurchase() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const mutation = usePurchaseMutation();
  const { mutate } = mutation;

  const requireSignIn = useCallback(() => {
    toaster.create({ type: 'info', ...SIGN_IN_REQUIRED });
    setTimeout(() => window.location.assign(STEAM_LOGIN_PATH), SIGN_IN_REDIRECT_MS);
  }, []);

  const purchase = useCallback(
    (items: readonly MarketItem[], onDone?: () => void) => {
      if (items.length === 0) return;
      // The purchase's answer matters more than the last 'Added to Cart'.
      toaster.remove(CART_TOAST_ID);
      if (!user) {
        requireSignIn();
        return;
      }
      mutate(
        { listingIds: items.map((item) => item.id) },
        {
          onSuccess: (result) => {
            const count = result.items.length;
            toaster.create({
              type: 'success',
              title: 'Purchase Successful',
              description: `${count} ${count === 1 ? 'item' : 'items'} bought for ${formatUsd(parseMoney(result.total) ?? 0n)}. We send them to your Steam account when the seller's trade protection ends.`,
            });
            onDone?.();
            navigate(`/checkout?order=${encodeURIComponent(result.orderId)}`);
          },
          onError: (error) => {
            const refusal = purchaseRefusal(error, items);
            switch (refusal.kind) {
              case 'signed_out':
                requireSignIn();
                return;
              case 'insufficient_balance':
                toaster.create({
                  type: 'error',
                  ...INSUFFICIENT_BALANCE,
                  action: { label: 'Top Up', onClick: () => navigate('/add-funds') },
                });
                return;
              case 'unavailable':
                cartStore.removeMany(refusal.items.map((item) => item.id));
                toaster.create({ type: 'warning', title: 'Items No Longer Available', description: unavailableMessage(refusal.items) });
                return;
              case 'own_listing':
                cartStore.removeMany(refusal.items.map((item) => item.id));
                toaster.create({ type: 'warning', title: 'Your Own Listing', description: ownListingMessage(refusal.items) });
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
                  description: refusal.message,
                  action: { label: 'Open Profile', onClick: () => navigate('/profile') },
                });
                return;
              case 'failed':
                toaster.create({ type: 'error', title: 'Purchase Failed', description: refusal.message });
            }
          },
        },
      );
    },
    [user, mutate, navigate, requireSignIn],
  );

  return { purchase, isPurchasing: mutation.isPending };
}

/**
 * The Buy tab's cart: the Cart button, and the popover once it is first asked for.
 *
 * The popover's code (its positioning engine, the purchase flow) is over a tenth of the market's
 * first download and nobody needs it before touching the button, so it loads then: the download
 * starts as the pointer comes near or the button takes focus, and the popover opens when it is in.
 */
import { lazy, memo, useState } from 'react';
import { useCart } from '../../../cart/useCart';
import { LazyPart, ReloadInstead } from '../../../components/LazyPart';
import { CartButton } from './CartButton';

const loadPopover = () => import('./CartPopover');
const CartPopover = lazy(() => loadPopover().then((module) => ({ default: module.CartPopover })));

/** A failure is the boundary's to show once the popover is asked for. */
const warmUp = () => void loadPopover().catch(() => {});

/** Memoized: the Buy tab re-renders with every page of results, the cart does not change with them. */
export const Cart = memo(function Cart() {
  const count = useCart().length;
  const [asked, setAsked] = useState(false);

  if (!asked) {
    return <CartButton count={count} onPointerEnter={warmUp} onPointerDown={warmUp} onFocus={warmUp} onClick={() => setAsked(true)} />;
  }
  return (
    <LazyPart name="The cart" loading={<CartButton count={count} aria-busy="true" />} fallback={<ReloadInstead what="the cart" />}>
      <CartPopover />
    </LazyPart>
  );
});

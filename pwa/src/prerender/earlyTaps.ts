/**
 * A page that arrives as HTML (prerendered, or /market rendered by the server) shows its buttons
 * about a second before the app can answer them on a phone. A tap on one in that time used to do
 * nothing. Now the entry keeps the last such tap, and the app makes it again once it owns the page
 * (start.tsx): a tap on 'Add to cart' while the page starts adds the item when it is ready.
 *
 * Only the last tap is kept: two quick taps on a toggle would cancel out, and a tap that opened a
 * dialog would put the next one behind it. Links are left alone, as without JavaScript they still
 * navigate. Held taps are stopped before React's own listeners on #root see them, and a submit
 * button's click does not post its form as a navigation.
 */

/** What a tap can mean something on before the app runs: buttons and the roles that act like them. */
const TAPPABLE = 'button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"]';

let held: HTMLElement | null = null;
let release: (() => void) | undefined;

function holdTap(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(TAPPABLE) : null;
  if (!target || target.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = target;
}

/** Starts keeping taps on `root`'s buttons, until replayEarlyTap. */
export function holdEarlyTaps(root: HTMLElement): void {
  if (release) return;
  root.addEventListener('click', holdTap, { capture: true });
  release = () => root.removeEventListener('click', holdTap, { capture: true });
}

/** Stops keeping taps; the last one, if any, is returned and forgotten. */
function stopHolding(): HTMLElement | null {
  release?.();
  release = undefined;
  const target = held;
  held = null;
  return target;
}

/** Once the app has hydrated the page: makes the last tap again, if its button is still there and enabled. */
export function replayEarlyTap(): void {
  const target = stopHolding();
  if (target?.isConnected && !target.matches(':disabled, [aria-disabled="true"]')) target.click();
}

/** When the app renders the page from scratch instead: the HTML's buttons are replaced, so the tap is dropped. */
export function dropEarlyTap(): void {
  stopHolding();
}

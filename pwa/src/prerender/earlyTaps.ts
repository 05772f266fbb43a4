/**
 * A page that arrives as HTML (prerendered, or /market rendered by the server) shows its buttons
 * about a second before the app can answer them on a phone. A tap on one in that time used to do
 * nothing. Now the entry keeps the last such tap, and the app makes it again once it has hydrated
 * the page (start.tsx): a tap on 'Add to cart' while the page starts adds the item when it is ready.
 *
 * Only the last tap is kept: two quick taps on a toggle would cancel out, and a tap that opened a
 * dialog would put the next one behind it. Links are left alone, as without JavaScript they still
 * navigate. Held taps are stopped before React's own listeners on #root see them, and a submit
 * button's click does not post its form as a navigation.
 *
 * Taps are held only until React is handed the page (`passEarlyTaps`, just before hydrateRoot):
 * from then on React answers a tap itself, hydrating what it needs at once. A tap made then
 * supersedes the held one. Should the hydration never finish (a screen that fails to render), the
 * held tap is lost, but nothing else is blocked.
 */

/** What a tap can mean something on before the app runs: buttons and the roles that act like them. */
const TAPPABLE = 'button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"]';

let held: HTMLElement | null = null;
let holding = false;
let release: (() => void) | undefined;

function onTap(event: MouseEvent): void {
  if (!holding) {
    // React has the page: this tap is answered, and the older one is out of date.
    held = null;
    return;
  }
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(TAPPABLE) : null;
  if (!target || target.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = target;
}

/** Starts keeping taps on `root`'s buttons (the entry, before the app's code has loaded). */
export function holdEarlyTaps(root: HTMLElement): void {
  if (release) return;
  holding = true;
  root.addEventListener('click', onTap, { capture: true });
  release = () => root.removeEventListener('click', onTap, { capture: true });
}

/** Lets taps through to React, which is about to hydrate the page; the held one waits for replayEarlyTap. */
export function passEarlyTaps(): void {
  holding = false;
}

/** Stops watching taps; the held one, if any, is returned and forgotten. */
function stopWatching(): HTMLElement | null {
  holding = false;
  release?.();
  release = undefined;
  const target = held;
  held = null;
  return target;
}

/** Once the app has hydrated the page: makes the held tap again, if its button is still there and enabled. */
export function replayEarlyTap(): void {
  const target = stopWatching();
  if (target?.isConnected && !target.matches(':disabled, [aria-disabled="true"]')) target.click();
}

/** When the app renders the page from scratch instead: the HTML's buttons are replaced, so the tap is dropped. */
export function dropEarlyTap(): void {
  stopWatching();
}

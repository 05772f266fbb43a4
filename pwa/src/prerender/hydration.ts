/**
 * When hydrating prerendered HTML is over. React hydrates the screen (inside AppLayout's Suspense
 * boundary) in a pass of its own, after the frame around it has committed and run its effects; data
 * put into the query cache in between (the restore of the offline copy) would make the screen's
 * first client render differ from the HTML. So on a hydrated page the restore waits for this
 * (start.tsx): the HydrationSentinel's effect, which runs once the screen has hydrated. On a page
 * rendered from scratch it runs once the first screen has rendered; the service worker's
 * registration waits for it on every page (serviceWorker.ts).
 */
import { useEffect } from 'react';

let markDone: () => void = () => {};
const done = new Promise<void>((resolve) => {
  markDone = resolve;
});

/** Resolves once the first screen is on the page: hydrated, or rendered from scratch. */
export function hydrationDone(): Promise<void> {
  return done;
}

/** Rendered beside the screen in its Suspense boundary: its effect runs when the screen has hydrated or first rendered. */
export function HydrationSentinel() {
  useEffect(() => markDone(), []);
  return null;
}

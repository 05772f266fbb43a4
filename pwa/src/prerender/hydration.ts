/**
 * When hydrating prerendered HTML is over. React hydrates the screen (inside AppLayout's Suspense
 * boundary) in a pass of its own, after the frame around it has committed and run its effects; data
 * put into the query cache in between (the persister's restore of the offline copy) would make the
 * screen's first client render differ from the HTML. So the restore waits for this signal
 * (App.tsx): the HydrationSentinel's effect, which runs once the screen has hydrated, or at once
 * when there was nothing to hydrate (main.tsx).
 */
import { useEffect } from 'react';
import type { Persister } from '@tanstack/react-query-persist-client';

let markDone: () => void = () => {};
const done = new Promise<void>((resolve) => {
  markDone = resolve;
});

export function markHydrationDone(): void {
  markDone();
}

/** Rendered beside the screen in its Suspense boundary: its effect runs when the screen has hydrated. */
export function HydrationSentinel() {
  useEffect(markHydrationDone, []);
  return null;
}

/** `persister` whose restore starts only once hydration is over. */
export function restoringAfterHydration(persister: Persister): Persister {
  return {
    ...persister,
    restoreClient: async () => {
      await done;
      return persister.restoreClient();
    },
  };
}

/**
 * False while React hydrates prerendered HTML (and on the server), true from then on; true at once
 * in a page rendered from scratch. For parts the build cannot know and that are not worth delaying
 * hydration for: they appear right after it instead of making the HTML disagree with the client.
 *
 * The switch to true is deferred: React re-renders a store's readers synchronously when hydration
 * ends, and what they then mount (the menu button, the account area) would be one long task on a
 * phone. With `useDeferredValue` that urgent pass renders what the HTML had, and the change comes in
 * a background render React can pause for input.
 */
import { useDeferredValue, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    ),
  );
}

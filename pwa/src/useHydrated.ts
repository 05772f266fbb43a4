/**
 * False while React hydrates prerendered HTML (and on the server), true from then on; true at once
 * in a page rendered from scratch. For parts the build cannot know and that are not worth delaying
 * hydration for: they appear right after it instead of making the HTML disagree with the client.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

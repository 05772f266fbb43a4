/**
 * The app's providers (design system, data cache: start.tsx restores and saves its public part for
 * offline visits) around the router (given by the entry: the browser's in start.tsx, a static one
 * when prerendering), plus the global overlays and the offline and live-update services.
 */
import { lazy, useSyncExternalStore, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LazyPart } from './components/LazyPart';
import { ReadyOfflineNotice } from './components/ReadyOfflineNotice';
import { toaster } from './components/toaster';
import { UpdatePrompt } from './components/UpdatePrompt';
import { LiveEvents } from './live/LiveEvents';
import { queryClient } from './queryClient';
import { useCurrentUser } from './queries/user';
import { hasPrerenderedGlobals } from './prerender/styles';
import { providerSystem } from './theme';
import { useHydrated } from './useHydrated';

// Loaded when first needed: the outbox and its dialogs need Dexie and only run for a signed-in
// user; the toasts' view waits for the first toast (toasts created earlier wait in the store).
const OfflineSync = lazy(() => import('./offline/OfflineSync'));
const ToastViewport = lazy(() => import('./components/ToastViewport'));

/** True from the first toast on: until then the toasts' view is neither loaded nor rendered. */
let toastsNeeded = false;
function subscribeToToasts(onChange: () => void): () => void {
  // The store tells its subscribers before it counts the new toast.
  return toaster.subscribe(() => {
    toastsNeeded = true;
    onChange();
  });
}
const readToastsNeeded = () => toastsNeeded || toaster.getCount() > 0;

/**
 * Not part of prerendered HTML: mounted once the page is interactive, so hydration never waits for
 * (or suspends on) their code. A component of its own so that the switch re-renders only it, not
 * the providers (Chakra's global styles are serialized again on every render of its provider).
 */
function AfterHydration() {
  const hydrated = useHydrated();
  const { data: user } = useCurrentUser();
  const showToasts = useSyncExternalStore(subscribeToToasts, readToastsNeeded, () => false);
  if (!hydrated) return null;
  return (
    <>
      {showToasts ? (
        <LazyPart name="The toasts' view">
          <ToastViewport />
        </LazyPart>
      ) : null}
      {user ? (
        <LazyPart name="The outbox">
          <OfflineSync />
        </LazyPart>
      ) : null}
    </>
  );
}

const system = providerSystem(typeof document !== 'undefined' && hasPrerenderedGlobals(document));

export default function App({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        {children}
        <UpdatePrompt />
        <ReadyOfflineNotice />
        <AfterHydration />
        <LiveEvents />
      </QueryClientProvider>
    </ChakraProvider>
  );
}

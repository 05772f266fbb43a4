/**
 * The app's providers (design system, icons' default size, data cache: start.tsx restores and saves
 * its public part for offline visits) around the router (given by the entry: the browser's in start.tsx, a static one
 * when prerendering), plus the global overlays and the offline and live-update services.
 */
import { lazy, startTransition, useEffect, useState, type ReactNode } from 'react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LucideProvider } from 'lucide-react';
import { LazyPart } from './components/LazyPart';
import { ReadyOfflineNotice } from './components/ReadyOfflineNotice';
import { toaster } from './components/toaster';
import { UpdatePrompt } from './components/UpdatePrompt';
import { LiveEvents } from './live/LiveEvents';
import { queryClient } from './queryClient';
import { useCurrentUser } from './queries/user';
import { lazyWithPreload } from './lazyWithPreload';
import { loadDexieApart } from './offline/dexieApart';
import { hasPrerenderedGlobals } from './prerender/styles';
import { ICON_SIZE, providerSystem } from './theme';
import { useHydrated } from './useHydrated';

// Loaded when first needed: the outbox and its dialogs need Dexie and only run for a signed-in
// user; the toasts' view waits for the first toast (toasts created earlier wait in the store).
const OfflineSync = lazy(() => loadDexieApart().then(() => import('./components/offline/OfflineSync')));
const ToastViewport = lazyWithPreload(() => import('./components/ToastViewport'));

/**
 * Whether the toasts' view is needed: from the first toast on (toasts created before the app
 * rendered wait in the store). Until then it is neither loaded nor rendered. Its code (Zag's toast
 * machines) runs in a task of its own, and the view then renders as a transition, which React does
 * in slices: together they were one long task on a phone, on every first visit ('Ready to work
 * offline'). If the code cannot be loaded, the view renders anyway and LazyPart says so.
 */
let toastViewLoading: Promise<void> | undefined;
function useToastsNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    const load = () => {
      toastViewLoading ??= ToastViewport.preload()
        .catch(() => {})
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
      void toastViewLoading.then(() => startTransition(() => setNeeded(true)));
    };
    if (toaster.getCount() > 0) load();
    return toaster.subscribe(load);
  }, [needed]);
  return needed;
}

/**
 * Not part of prerendered HTML: mounted once the page is interactive, so hydration never waits for
 * (or suspends on) their code. A component of its own so that the switch re-renders only it, not
 * the providers (Chakra's global styles are serialized again on every render of its provider).
 */
function AfterHydration() {
  const hydrated = useHydrated();
  const { data: user } = useCurrentUser();
  const showToasts = useToastsNeeded();
  // The outbox runs from the first time a user is known until the page goes (logout reloads it).
  // As the network comes back, the user is unknown for a moment (the device's copy gives way to the
  // server's answer): unmounted then, the outbox stopped listening, and the worker's word that it
  // had just sent the queued edits was lost, leaving the page on the user as it was before them.
  const [outboxRuns, setOutboxRuns] = useState(false);
  if (user && !outboxRuns) setOutboxRuns(true);
  if (!hydrated) return null;
  return (
    <>
      {showToasts ? (
        <LazyPart name="The toasts' view">
          <ToastViewport />
        </LazyPart>
      ) : null}
      {outboxRuns ? (
        <LazyPart name="The outbox">
          <OfflineSync />
        </LazyPart>
      ) : null}
    </>
  );
}

let system: SystemContext | undefined;

/** The design system for this page (theme.ts): built on the first call, which start.tsx makes early. */
export function pageSystem(): SystemContext {
  system ??= providerSystem(typeof document !== 'undefined' && hasPrerenderedGlobals(document));
  return system;
}

/** `client` is the page's query cache; a server render gives each render its own (prerender/entry.tsx). */
export default function App({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ChakraProvider value={pageSystem()}>
      <LucideProvider size={ICON_SIZE}>
        <QueryClientProvider client={client}>
          {children}
          <UpdatePrompt />
          <ReadyOfflineNotice />
          <AfterHydration />
          <LiveEvents />
        </QueryClientProvider>
      </LucideProvider>
    </ChakraProvider>
  );
}

/**
 * The app's providers (design system, data cache: the public part persisted for offline visits)
 * around the router, plus the global overlays and the offline and live-update services.
 */
import { lazy, Suspense } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router-dom';
import { ReadyOfflineNotice } from './components/ReadyOfflineNotice';
import { UpdatePrompt } from './components/UpdatePrompt';
import { LiveEvents } from './live/LiveEvents';
import { markRestoredPublicDataStale, publicCachePersistOptions } from './offline/publicCache';
import { queryClient } from './queryClient';
import { router } from './router';
import { system } from './theme';

// Loaded after the first paint: the outbox and its dialogs need Dexie; the toasts' machinery is
// only needed once something is announced (toasts created earlier wait in the store).
const OfflineSync = lazy(() => import('./offline/OfflineSync'));
const ToastViewport = lazy(() => import('./components/ToastViewport'));

export default function App() {
  return (
    <ChakraProvider value={system}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={publicCachePersistOptions}
        onSuccess={() => markRestoredPublicDataStale(queryClient)}
      >
        <RouterProvider router={router} />
        <UpdatePrompt />
        <ReadyOfflineNotice />
        <Suspense fallback={null}>
          <ToastViewport />
          <OfflineSync />
        </Suspense>
        <LiveEvents />
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}

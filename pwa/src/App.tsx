/**
 * The app's providers (design system, data cache: the public part persisted for offline visits)
 * around the router, plus the global overlays and the offline and live-update services.
 */
import { lazy, Suspense } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router-dom';
import { ReadyOfflineNotice } from './components/ReadyOfflineNotice';
import { Toaster } from './components/toaster';
import { UpdatePrompt } from './components/UpdatePrompt';
import { LiveEvents } from './live/LiveEvents';
import { markRestoredPublicDataStale, publicCachePersistOptions } from './offline/publicCache';
import { queryClient } from './queryClient';
import { router } from './router';
import { system } from './theme';

// The outbox and its dialogs need Dexie: loaded after the first paint.
const OfflineSync = lazy(() => import('./offline/OfflineSync'));

export default function App() {
  return (
    <ChakraProvider value={system}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={publicCachePersistOptions}
        onSuccess={() => markRestoredPublicDataStale(queryClient)}
      >
        <RouterProvider router={router} />
        <Toaster />
        <UpdatePrompt />
        <ReadyOfflineNotice />
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
        <LiveEvents />
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}

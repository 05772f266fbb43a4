/**
 * Entry point: start following the network and keeping the offline copies, render the app, then
 * register the service worker (production builds only).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { keepOfflineCopies } from './offline/keepOfflineCopies';
import { syncOnlineManager } from './offline/network';
import { watchReachability } from './offline/reachability';
import { queryClient } from './queryClient';
import { registerServiceWorker } from './serviceWorker';

syncOnlineManager();
watchReachability(queryClient);
keepOfflineCopies(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();

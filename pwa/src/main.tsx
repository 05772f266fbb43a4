/** Entry point: render the app, then register the service worker (production builds only). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { syncOnlineManager } from './offline/network';
import { registerServiceWorker } from './serviceWorker';

syncOnlineManager();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();

/**
 * The staff console's entry (pwa/staff.html, built apart from the customer app by
 * ops/staffConsoleBuild.ts): the app's design system, the console's own query cache, and its
 * routes under /staff. No service worker is registered from here, and the customer app's never
 * answers the console's pages (pwa/src/sw.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LucideProvider } from 'lucide-react';
import { STAFF_CONSOLE_PATH } from '../../../shared/staffConsole';
import { ICON_SIZE, providerSystem } from '../theme';
import { createStaffQueryClient } from './queryClient';
import { StaffApp } from './StaffApp';

const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root element');

createRoot(container).render(
  <StrictMode>
    {/* The page carries none of the system's global styles: the provider inserts them. */}
    <ChakraProvider value={providerSystem(false)}>
      <LucideProvider size={ICON_SIZE}>
        <QueryClientProvider client={createStaffQueryClient()}>
          <BrowserRouter basename={STAFF_CONSOLE_PATH}>
            <StaffApp />
          </BrowserRouter>
        </QueryClientProvider>
      </LucideProvider>
    </ChakraProvider>
  </StrictMode>,
);

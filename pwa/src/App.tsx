/** The app's providers (design system, data cache) around the router, plus the global overlays. */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from './components/toaster';
import { UpdatePrompt } from './components/UpdatePrompt';
import { queryClient } from './queryClient';
import { router } from './router';
import { system } from './theme';

export default function App() {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
        <UpdatePrompt />
      </QueryClientProvider>
    </ChakraProvider>
  );
}

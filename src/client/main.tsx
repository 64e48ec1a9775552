import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyInitialColorMode } from './components/color-mode';
import { currentUserOptions } from './features/auth/current-user';
import { startI18n } from './i18n';
import { router } from './router';
import { system } from './theme';
import { queryClient } from './trpc';

applyInitialColorMode();
// Every page asks who is signed in (the header, the guards): asked now, it travels while the texts load.
void queryClient.prefetchQuery(currentUserOptions());
// The texts of the chosen language come first: nothing renders in a language it will not keep.
await startI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>
  </StrictMode>,
);

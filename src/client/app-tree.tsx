import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { system } from './theme';

/** The app as it renders: the theme, the query cache and the router. The browser (main.tsx) and the server's pre-render (prerender/) render the same tree. */
export function AppTree({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ChakraProvider>
    </StrictMode>
  );
}

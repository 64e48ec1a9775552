import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/root';
import { currentLanguage } from './i18n';
import { reportConnection } from './lib/online';

// Every query and mutation: no automatic retry (an error shows at once), data stays fresh until a change
// invalidates it, no refetch on focus and no polling. A query that needs otherwise says so itself.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The server's messages come in the language the interface shows.
      headers: () => ({ 'accept-language': currentLanguage() }),
      // Each call also tells whether the server could be reached (lib/online.ts).
      fetch: (url, init) =>
        fetch(url, { ...init, credentials: 'same-origin' }).then(
          (response) => (reportConnection(true), response),
          (error: unknown) => {
            reportConnection(false);
            throw error;
          },
        ),
    }),
  ],
});

/** Query and mutation option factories with types inferred from the server's router. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;

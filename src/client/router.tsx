import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/not-found';
import { routeTree } from './routeTree.gen';
import { queryClient, trpc } from './trpc';

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

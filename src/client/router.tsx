import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/not-found';
import { PagePending } from './components/page-pending';
import { routeTree } from './routeTree.gen';
import { queryClient, trpc } from './trpc';

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  // Hovering or focusing a link runs the target's guard and loader, so its data is on the way
  // before the click (each route's loader, lib/route-data.ts).
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns freshness.
  defaultPreloadStaleTime: 0,
  // Shown when a guard or loader takes longer than the router's pending delay (one second).
  defaultPendingComponent: PagePending,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

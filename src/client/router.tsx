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

/*
 * The first page of a visit does not wait for its loader. A loader's data is awaited so that a
 * navigation keeps the current page until the next one can show complete; on the first page
 * there is no current page, only a blank screen, and on a slow phone the wait is a round trip
 * after the code has loaded. So the first page's loaders start their queries and the page
 * renders at once with its loading states, which the same queries fill. Every later navigation
 * (and every hover preload) awaits as before. Loaders return nothing the pages read: they only
 * fill the query cache (lib/route-data.ts).
 */
let firstPageShown = false;
for (const route of Object.values(router.routesById)) {
  const options = route.options as { loader?: (ctx: { preload: boolean }) => unknown };
  const loader = options.loader;
  if (typeof loader !== 'function') continue;
  options.loader = (ctx) => {
    const result = loader(ctx);
    if (firstPageShown || ctx.preload) return result;
    void Promise.resolve(result).catch(() => undefined);
    return undefined;
  };
}
const stopWatching = router.subscribe('onResolved', () => {
  firstPageShown = true;
  stopWatching();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

import { createRoot } from 'react-dom/client';
import { AppTree } from './app-tree';
import { applyInitialColorMode } from './components/color-mode';
import { currentUserOptions } from './features/auth/current-user';
import { startI18n } from './i18n';
import { router } from './router';
import { queryClient } from './trpc';

/** The router's default pending delay: past it a slow first load renders its pending page. */
const FIRST_LOAD_WAIT_MS = 1000;

applyInitialColorMode();
// Every page asks who is signed in (the header, the guards): asked now, it travels while the texts load.
void queryClient.prefetchQuery(currentUserOptions());
// The texts of the chosen language come first: nothing renders in a language it will not keep.
await startI18n(location.pathname);

const container = document.getElementById('root')!;
/*
 * The first render waits for the router's first load (the guard, the route's code and, signed in,
 * the frame's), so that its commit is the whole page:
 * - A pre-rendered public page (src/server/http/prerendered.ts) stays until the live one can
 *   replace it whole: the first commit clears it, and a route whose code is still loading would
 *   commit an empty page in between.
 * - Elsewhere a page rendered early commits Suspense fallbacks first, and React reveals what
 *   replaces a fallback no sooner than 300 ms after it showed. Here the wait is capped at the
 *   router's pending delay (one second), so that a guard waiting for the connection still shows
 *   its pending page.
 */
const firstLoad = router.load();
if (container.firstElementChild?.hasAttribute('data-prerendered')) await firstLoad;
else await Promise.race([firstLoad, new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS))]);
createRoot(container).render(<AppTree queryClient={queryClient} router={router} />);

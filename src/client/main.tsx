import { createRoot } from 'react-dom/client';
import { AppTree } from './app-tree';
import { applyInitialColorMode } from './components/color-mode';
import { currentUserOptions } from './features/auth/current-user';
import { startI18n } from './i18n';
import { router } from './router';
import { queryClient } from './trpc';

applyInitialColorMode();
// Every page asks who is signed in (the header, the guards): asked now, it travels while the texts load.
void queryClient.prefetchQuery(currentUserOptions());
// The texts of the chosen language come first: nothing renders in a language it will not keep.
await startI18n();

const container = document.getElementById('root')!;
// A pre-rendered public page (src/server/http/prerendered.ts) stays until the live one can replace
// it whole: the first commit clears it, and a route whose code is still loading would commit an
// empty page in between. So the router's first load (the route's code) comes before that commit.
if (container.firstElementChild?.hasAttribute('data-prerendered')) await router.load();
createRoot(container).render(<AppTree queryClient={queryClient} router={router} />);

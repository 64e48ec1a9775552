import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { en } from '@shared/i18n/en';
import { fr } from '@shared/i18n/fr';
import { withPluralFallbacks } from '@shared/i18n/plurals';
import type { Language } from '@shared/i18n/languages';
import { AppTree } from '../app-tree';
import { currentUserOptions } from '../features/auth/current-user';
import { routeTree } from '../routeTree.gen';
import { trpc } from '../trpc';

/*
 * The public pages whose first screen is the same for every visitor, rendered to HTML by the
 * server (src/server/http/prerendered.ts) so that a phone paints them before any script has
 * arrived. Runs in Node, never in the browser: it renders the app's own tree (the router at the
 * page's path, the theme, the texts of one language) with what a signed-out visitor's first
 * render would read, the site's name and "nobody is signed in", and nothing fetched.
 */

type SiteFacts = { appName: string; supportEmail: string | null };

let ready: Promise<unknown> | null = null;
const startI18n = () =>
  (ready ??= i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: withPluralFallbacks(en) }, fr: { translation: withPluralFallbacks(fr) } },
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  }));

/** The markup of #root for `path` in `language`, and the page's title. */
export async function renderPublicPage(path: string, language: Language, site: SiteFacts): Promise<{ root: string; title: string }> {
  await startI18n();
  await i18next.changeLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } });
  // Nothing is fetched: the routes' loaders find nothing (their pages render their loading states,
  // as a first visit's first render does) and no query runs.
  queryClient.query = (() => Promise.resolve(undefined)) as never;
  queryClient.infiniteQuery = (() => Promise.resolve(undefined)) as never;
  queryClient.setQueryData(currentUserOptions().queryKey, null);
  queryClient.setQueryData(trpc.site.config.queryKey(), site as never);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, trpc },
  });
  await router.load();
  const root = renderToString(<AppTree queryClient={queryClient} router={router} />);
  // The page sets its title in an effect, which a server render does not run.
  const title = path === '/' ? i18next.t('landing.documentTitle', { appName: site.appName }) : site.appName;
  return { root, title };
}

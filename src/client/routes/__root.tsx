import { Box, Flex } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../components/app-header';
import { RouteAwareColorMode } from '../components/color-mode';
import { Toaster } from '../components/toaster';
import { useCurrentUser } from '../features/auth/current-user';
import { PasswordChangeGate } from '../features/auth/password-change-gate';
import { changeLanguage, currentLanguage } from '../i18n';
import { loadAppShell, loadedAppShell } from '../components/shell/load-app-shell';
import type { Trpc } from '../trpc';

// The signed-in frame (rail, panels, notifications) loads only for signed-in pages, by their guard
// (components/shell/load-app-shell.ts); through React.lazy when a page renders before it is in.
const LazyAppShell = lazy(() => loadAppShell().then((component) => ({ default: component })));

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

// Pages that keep the public header even for a signed-in visitor.
const PUBLIC_FRAME = new Set(['/', '/signin', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/admin/login']);

function RootLayout() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // A signed-in member reads the language saved on their account (chosen on another device, say):
  // once each time the stored value changes, never in answer to the switch itself.
  const storedLanguage = user?.language;
  useEffect(() => {
    if (storedLanguage && storedLanguage !== currentLanguage()) void changeLanguage(storedLanguage);
  }, [storedLanguage]);
  const { pathname } = useLocation();
  const AppShell = loadedAppShell() ?? LazyAppShell;
  const main = (
    <Box as="main" id="main" flex="1" tabIndex={-1} outline="none">
      <Outlet />
    </Box>
  );
  return (
    <RouteAwareColorMode>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {user && !user.mustChangePassword && !PUBLIC_FRAME.has(pathname) ? (
        <Box bg="bg.subtle" minH="100dvh">
          {/* No Outlet in the fallback: the page would mount twice and lose what the user started. */}
          <Suspense fallback={null}>
            <AppShell user={user}>{main}</AppShell>
          </Suspense>
        </Box>
      ) : (
        <Flex direction="column" minH="100dvh" bg="bg.subtle">
          <AppHeader />
          {main}
        </Flex>
      )}
      <Toaster />
      <PasswordChangeGate />
    </RouteAwareColorMode>
  );
}

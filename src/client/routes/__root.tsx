import { Box, Flex } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../components/app-header';
import { RouteAwareColorMode } from '../components/color-mode';
import { Toaster } from '../components/toaster';
import { useCurrentUser } from '../features/auth/current-user';
import { PasswordChangeGate } from '../features/auth/password-change-gate';
import { changeLanguage, currentLanguage, ensureAppTexts, publicTextsSuffice } from '../i18n';
import { loadAppShell, loadedAppShell } from '../components/shell/load-app-shell';
import type { Trpc } from '../trpc';

type AppShellProps = ComponentProps<NonNullable<ReturnType<typeof loadedAppShell>>>;

/**
 * The signed-in frame (rail, panels, notifications), whose code loads only for signed-in pages, by
 * their guard (components/shell/load-app-shell.ts). Rendered at once when it is in, else once it
 * arrives, and never through Suspense: React holds back what replaces a fallback. One component
 * either way, so that the frame never remounts (and loses an open panel) when its code arrives.
 */
function SignedInFrame(props: AppShellProps) {
  const [Shell, setShell] = useState(loadedAppShell);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (Shell) return;
    let live = true;
    loadAppShell().then(
      (component) => live && setShell(() => component),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [Shell]);
  // A failed load reaches the router's error page, as React.lazy's would.
  if (failure) throw failure;
  return Shell ? <Shell {...props} /> : null;
}

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but the public ones reads the app's texts (src/shared/i18n/parts.ts): in before it
  // renders. In beforeLoad, which every navigation awaits (a loader of a route that stays matched,
  // as the root always does, would run again in the background); once loaded it answers at once,
  // and a page opened directly has them from the start (main.tsx).
  beforeLoad: ({ location }) => (publicTextsSuffice(location.pathname) ? undefined : ensureAppTexts()),
  component: RootLayout,
});

// Pages that keep the public header even for a signed-in visitor.
const PUBLIC_FRAME = new Set(['/', '/signin', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/unsubscribe', '/admin/login']);

function RootLayout() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // A signed-in member reads the language saved on their account (chosen on another device, say):
  // once each time the stored value changes, never in answer to the switch itself.
  const storedLanguage = user?.language;
  useEffect(() => {
    if (storedLanguage && storedLanguage !== currentLanguage()) void changeLanguage(storedLanguage);
  }, [storedLanguage]);
  // A signed-in visitor on a public page has the app's menus in the header: their texts follow.
  const signedIn = !!user;
  useEffect(() => {
    if (signedIn) void ensureAppTexts().catch(() => undefined);
  }, [signedIn]);
  const { pathname } = useLocation();
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
          {/* Nothing until the frame is in (no Outlet meanwhile): the page would mount twice and lose what the user started. */}
          <SignedInFrame user={user}>{main}</SignedInFrame>
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

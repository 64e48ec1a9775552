import { Box, Flex } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppHeader } from '../components/app-header';
import { RouteAwareColorMode } from '../components/color-mode';
import { Toaster } from '../components/toaster';
import { PasswordChangeGate } from '../features/auth/password-change-gate';
import type { Trpc } from '../trpc';

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <RouteAwareColorMode>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <AppHeader />
        <Box as="main" id="main" flex="1" tabIndex={-1} outline="none">
          <Outlet />
        </Box>
      </Flex>
      <Toaster />
      <PasswordChangeGate />
    </RouteAwareColorMode>
  );
}

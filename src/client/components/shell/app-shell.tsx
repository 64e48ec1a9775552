import { Avatar, Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../features/auth/current-user';
import { useChatUnread } from '../../features/chat/use-chat-unread';
import { ColorModeToggle } from '../color-mode';
import { BottomBar } from './bottom-bar';
import { loadedRail, loadRail } from './load-app-shell';
import { RAIL_WIDTH, destinationOf } from './nav-items';
import { NotificationsMenu } from './notifications-menu';
import { OfflineBanner } from './offline-banner';
import { avatarImage } from '../../lib/images';
import { useWideScreen } from '../../lib/use-wide-screen';
import { lazyDialog } from '../lazy-dialog';

/** Calls (rings, the call view) load after the first paint, like the chat connection. */
const CallLayer = lazy(() => import('../../features/calls/call-layer'));

/** The profile panel and its form load with its first opening. */
const ProfileDrawer = lazyDialog(() => import('./profile-drawer').then((m) => m.ProfileDrawer));

function UserAvatar({ user, size = 'sm' }: { user: CurrentUser; size?: 'sm' | 'xs' }) {
  return (
    <Avatar.Root size={size} colorPalette="brand">
      <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
      {user.profileImageUrl && <Avatar.Image {...avatarImage(user.profileImageUrl)} alt="" />}
    </Avatar.Root>
  );
}

/** The rail's component on a wide screen: loaded with the frame, or now if the screen became wide since. */
function useRail(wide: boolean) {
  const [Rail, setRail] = useState(loadedRail);
  useEffect(() => {
    if (!wide || Rail) return;
    let live = true;
    // Until it arrives (or if it cannot), the rail's room stays empty; the bottom bar is gone at this width.
    loadRail().then(
      (component) => live && setRail(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wide, Rail]);
  return Rail;
}

/**
 * The signed-in frame: a left rail on desktop; on phones a top bar (notifications, theme, profile)
 * and the bottom bar. Only rendered with a user.
 */
export default function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chatUnread = useChatUnread(user.id);
  const current = destinationOf(pathname);
  // `wrapButton`: the rail's tooltip trigger, which has to sit between the drawer's trigger and the button.
  const avatarButton = (label: string, wrapButton: (button: ReactElement) => ReactElement = (b) => b) => (
    <ProfileDrawer
      user={user}
      trigger={wrapButton(
        <IconButton variant="ghost" rounded="full" aria-label={label} data-testid="profile-button">
          <UserAvatar user={user} />
        </IconButton>,
      )}
    />
  );
  // One frame per width, not both with one hidden by CSS: the rail (its own module, with its tooltips) is no part of a phone's first load or render.
  const wide = useWideScreen();
  const Rail = useRail(wide);
  return (
    <Flex minH="100dvh">
      {wide && (Rail ? <Rail current={current} chatUnread={chatUnread} profileButton={avatarButton} /> : <Box w={RAIL_WIDTH} flexShrink={0} borderEndWidth="1px" />)}

      <Flex direction="column" flex="1" minW="0">
        {!wide && (
          <HStack
            as="header"
            justify="space-between"
            position="sticky"
            top="0"
            zIndex="sticky"
            bg="bg/95"
            backdropFilter="blur(8px)"
            borderBottomWidth="1px"
            px="3"
            py="2"
          >
            <Link to="/dashboard" aria-label={t('shell.nav.home')}>
              <HStack gap="2">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fontWeight="bold" color="brand.fg">
                  Harambee
                </Text>
              </HStack>
            </Link>
            <HStack gap="1">
              <NotificationsMenu placement="bottom-end" />
              <ColorModeToggle />
              {avatarButton(t('shell.nav.profile'))}
            </HStack>
          </HStack>
        )}
        <OfflineBanner />
        {/* Room for the bottom bar (and a phone's home indicator) under the last of the page. */}
        <Box flex="1" pb={{ base: 'calc(5rem + env(safe-area-inset-bottom))', md: '0' }}>
          {children}
        </Box>
        {!wide && <BottomBar current={current} chatUnread={chatUnread} />}
        {/* Rings and the call itself, on every page (its code loads after the first paint). */}
        <Suspense fallback={null}>
          <CallLayer viewerId={user.id} />
        </Suspense>
      </Flex>
    </Flex>
  );
}

import { Avatar, Badge, Box, Flex, HStack, IconButton, Stack, Text, Tooltip } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../features/auth/current-user';
import { useChatUnread } from '../../features/chat/use-chat-unread';
import { ColorModeToggle } from '../color-mode';
import { signOut } from '../../lib/sign-out';
import { BottomBar } from './bottom-bar';
import { NAV_ITEMS, destinationOf, type NavItem } from './nav-items';
import { NotificationsMenu } from './notifications-menu';
import { OfflineBanner } from './offline-banner';
import { avatarImage } from '../../lib/images';
import { useWideScreen } from '../../lib/use-wide-screen';
import { lazyDialog } from '../lazy-dialog';

/** The profile panel and its form load with its first opening. */
const ProfileDrawer = lazyDialog(() => import('./profile-drawer').then((m) => m.ProfileDrawer));

// Navigation tooltips wait 300 ms, so they help a hovering pointer without flashing under a passing one.
// Mounted only while shown: the rail's first render draws none of them.
const TIP = { openDelay: 300, closeDelay: 100, positioning: { placement: 'right' as const }, lazyMount: true, unmountOnExit: true };

function Tip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root {...TIP}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content>{label}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}

function UserAvatar({ user, size = 'sm' }: { user: CurrentUser; size?: 'sm' | 'xs' }) {
  return (
    <Avatar.Root size={size} colorPalette="brand">
      <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
      {user.profileImageUrl && <Avatar.Image {...avatarImage(user.profileImageUrl)} alt="" />}
    </Avatar.Root>
  );
}

function RailLink({ item, active, count = 0 }: { item: NavItem; active: boolean; count?: number }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const label = t(item.label);
  // The count is part of the link's name, so a screen reader hears "Chat, 3 unread".
  const name = count ? t('chat.screen.navUnread', { label, count }) : label;
  return (
    <Tip label={item.soon ? t('shell.nav.soon', { label }) : name}>
      <IconButton asChild variant={active ? 'subtle' : 'ghost'} colorPalette={active ? 'brand' : 'gray'} size="lg" aria-label={name} position="relative">
        <Link to={item.to} aria-current={active ? 'page' : undefined}>
          <Icon aria-hidden />
          {count > 0 && (
            <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" rounded="full" size="xs" data-testid={`nav-badge-${item.to.slice(1)}`} aria-hidden>
              {count > 99 ? '99+' : count}
            </Badge>
          )}
        </Link>
      </IconButton>
    </Tip>
  );
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
  const avatarButton = (label: string) => (
    <ProfileDrawer
      user={user}
      trigger={
        <IconButton variant="ghost" rounded="full" aria-label={label} data-testid="profile-button">
          <UserAvatar user={user} />
        </IconButton>
      }
    />
  );
  // One frame per width, not both with one hidden by CSS: the rail's tooltips and menus are no part of a phone's first render.
  const wide = useWideScreen();
  return (
    <Flex minH="100dvh">
      {wide && (
        <Stack
          as="nav"
          aria-label={t('shell.nav.main')}
          position="sticky"
          top="0"
          h="100dvh"
          w="20"
          flexShrink={0}
          borderEndWidth="1px"
          bg="bg"
          align="center"
          justify="space-between"
          py="4"
        >
          <Stack align="center" gap="2">
            <Link to="/dashboard" aria-label={t('shell.nav.home')}>
              <img src="/favicon.svg" alt="" width={36} height={36} />
            </Link>
            <Box h="4" />
            {NAV_ITEMS.map((item) => (
              <RailLink key={item.to} item={item} active={current === item.to} count={item.to === '/chat' ? chatUnread : 0} />
            ))}
          </Stack>
          <Stack align="center" gap="2">
            <NotificationsMenu />
            <ColorModeToggle />
            <Tip label={t('shell.nav.profile')}>{avatarButton(t('shell.nav.profile'))}</Tip>
            <Tip label={t('shell.nav.logOut')}>
              <IconButton variant="ghost" aria-label={t('shell.nav.logOut')} onClick={signOut}>
                <LogOut aria-hidden />
              </IconButton>
            </Tip>
          </Stack>
        </Stack>
      )}

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
      </Flex>
    </Flex>
  );
}

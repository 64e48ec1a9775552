import { Badge, Box, IconButton, Stack, Tooltip } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../lib/sign-out';
import { ColorModeToggle } from '../color-mode';
import { NAV_ITEMS, RAIL_WIDTH, type Destination, type NavItem } from './nav-items';
import { NotificationsMenu } from './notifications-menu';

// Navigation tooltips wait 300 ms, so they help a hovering pointer without flashing under a passing one.
// Mounted only while shown: the rail's first render draws none of them.
const TIP = { openDelay: 300, closeDelay: 100, positioning: { placement: 'right' as const }, lazyMount: true, unmountOnExit: true };

const asTrigger = (el: ReactElement) => <Tooltip.Trigger asChild>{el}</Tooltip.Trigger>;

/**
 * A tooltip for `children`, or for the button `render` puts `asTrigger` around: the profile
 * panel's button sits inside its drawer's own trigger (a component that passes on no tooltip
 * props), so the tooltip's trigger has to be the button itself, under the drawer's.
 */
function Tip({ label, children, render }: { label: string; children?: ReactElement; render?: (wrap: typeof asTrigger) => ReactNode }) {
  return (
    <Tooltip.Root {...TIP}>
      {render ? render(asTrigger) : children && asTrigger(children)}
      <Tooltip.Positioner>
        <Tooltip.Content>{label}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
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
 * A laptop's navigation (app-shell.tsx renders it from the `md` width up): the destinations with
 * their unread counts, then notifications, theme, the profile panel's button and signing out.
 */
export default function Rail({ current, chatUnread, profileButton }: { current: Destination | null; chatUnread: number; profileButton: (label: string, wrapButton?: (button: ReactElement) => ReactElement) => ReactElement }) {
  const { t } = useTranslation();
  return (
    <Stack
      as="nav"
      aria-label={t('shell.nav.main')}
      position="sticky"
      top="0"
      h="100dvh"
      w={RAIL_WIDTH}
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
        <Tip label={t('shell.nav.profile')} render={(wrap) => profileButton(t('shell.nav.profile'), wrap)} />
        <Tip label={t('shell.nav.logOut')}>
          <IconButton variant="ghost" aria-label={t('shell.nav.logOut')} onClick={signOut}>
            <LogOut aria-hidden />
          </IconButton>
        </Tip>
      </Stack>
    </Stack>
  );
}

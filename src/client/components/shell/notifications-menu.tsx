import { Badge, IconButton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { lazyDialog } from '../lazy-dialog';

// The badge follows the server: on focus and once a minute, never a fixed number. It counts the
// work waiting on the member ("Needs you") and the unread notices that ask for none, each thing once.
export const unreadCountQuery = () => trpc.notifications.unreadCount.queryOptions(undefined, { refetchOnWindowFocus: true, refetchInterval: 60_000, staleTime: 0 });

/*
 * The list and the popover machinery (positioning, outside clicks, focus handling: some 20 KB over
 * a phone's connection) load with the bell's first press, not with every signed-in page.
 */
const NotificationsPopover = lazyDialog(() => import('./notifications-popover').then((m) => m.NotificationsPopover));

/** The bell with what waits on the member and the unread notices; pressing it opens the notifications list. */
export function NotificationsMenu({ placement = 'right-end' }: { placement?: 'right-end' | 'bottom-end' }) {
  const { t } = useTranslation();
  const unread = useQuery(unreadCountQuery());
  const count = unread.data?.badge ?? 0;
  const waiting = unread.data?.waiting ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  // The name starts with the number the badge shows, so what is seen is what is heard.
  const label = waiting ? t('shell.notifications.summary', { badge: shown, unread: unread.data?.count ?? 0, waiting }) : count ? t('shell.notifications.buttonUnread', { count }) : t('shell.notifications.button');
  const bell = (
    <IconButton variant="ghost" aria-label={label} position="relative" data-testid="notifications-button">
      <Bell aria-hidden />
      {count > 0 && (
        <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" rounded="full" size="xs" data-testid="unread-badge" aria-hidden>
          {shown}
        </Badge>
      )}
    </IconButton>
  );
  return <NotificationsPopover trigger={bell} placement={placement} />;
}

import { Badge, Box, chakra, Grid, VisuallyHidden } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyControlledDialog } from '../lazy-dialog';
import { BAR_ITEMS, MORE_ITEMS, type Destination } from './nav-items';

/** The sheet loads with its first opening. */
const MoreSheet = lazyControlledDialog(
  () => import('./more-sheet').then((m) => m.MoreSheet),
  (props) => props.onOpenChange(false),
);

/**
 * One cell of the bar: icon over label, the whole fifth of the width a target. Labels are 10 px, as
 * phones' own tab bars have them, so "Communautés" fits a fifth of 375 px; the current page shows in
 * the brand colour with a pill behind its icon (not in bold, which would widen the label).
 */
const cell = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  minH: '14',
  w: 'full',
  px: '0.5',
  fontSize: '2xs',
  lineHeight: 'short',
  textAlign: 'center',
  color: 'fg.muted',
  rounded: 'md',
  _hover: { color: 'fg' },
  '& [data-part=icon]': { position: 'relative', px: '4', py: '0.5', rounded: 'full' },
  '&[aria-current], &[data-current]': { color: 'brand.fg' },
  '&[aria-current] [data-part=icon], &[data-current] [data-part=icon]': { bg: 'brand.subtle' },
} as const;

const BarLink = chakra(Link);

/**
 * The phone's bottom bar (below 768 px): Home, Communities, Chat (with its unread count), Njangi,
 * and More, a sheet with the other destinations and signing out. Five cells of one width, clear
 * of the screen's edges and of a phone's home indicator.
 */
export function BottomBar({ current, chatUnread }: { current: Destination | null; chatUnread: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const inMore = MORE_ITEMS.some((i) => i.to === current);
  return (
    <Box
      as="nav"
      aria-label={t('shell.nav.main')}
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="sticky"
      bg="bg"
      borderTopWidth="1px"
      pb="env(safe-area-inset-bottom)"
      data-testid="mobile-bottom-bar"
      data-bottom-bar=""
    >
      <Grid as="ul" templateColumns="repeat(5, minmax(0, 1fr))" gap="0.5" px="1" py="1" listStyleType="none">
        {BAR_ITEMS.map((item) => {
          const Icon = item.icon;
          const label = t(item.label);
          const isChat = item.to === '/chat';
          const unread = isChat ? chatUnread : 0;
          return (
            <li key={item.to}>
              <BarLink
                to={item.to}
                css={cell}
                aria-current={current === item.to ? 'page' : undefined}
                data-testid={isChat ? 'mobile-chat-link' : undefined}
              >
                <Box data-part="icon">
                  <Icon size={20} aria-hidden />
                  {unread > 0 && (
                    <Badge position="absolute" top="-1.5" insetStart="8" colorPalette="red" variant="solid" rounded="full" size="xs" aria-hidden>
                      {unread > 99 ? '99+' : unread}
                    </Badge>
                  )}
                </Box>
                {label}
                {/* The count is part of the link's name ("Chat, 3 unread"), told after the label a reader sees. */}
                {unread > 0 && <VisuallyHidden>{t('shell.nav.unread', { count: unread })}</VisuallyHidden>}
              </BarLink>
            </li>
          );
        })}
        <li>
          <chakra.button type="button" css={cell} aria-haspopup="dialog" aria-expanded={open} data-current={inMore ? '' : undefined} onClick={() => setOpen(true)} data-testid="mobile-more-button">
            <Box data-part="icon">
              <Menu size={20} aria-hidden />
            </Box>
            {t('shell.nav.more')}
          </chakra.button>
        </li>
      </Grid>
      <MoreSheet open={open} onOpenChange={setOpen} current={current} />
    </Box>
  );
}

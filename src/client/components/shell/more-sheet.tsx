import { Button, CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../lib/sign-out';
import { MORE_ITEMS, type Destination } from './nav-items';

/** "More": the destinations the bar has no room for, as a sheet rising from the bottom. */
export function MoreSheet({ open, onOpenChange, current }: { open: boolean; onOpenChange: (open: boolean) => void; current: Destination | null }) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="bottom" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="xl" maxH="85dvh" pb="env(safe-area-inset-bottom)" data-testid="mobile-more-sheet">
            <Drawer.Header>
              <Drawer.Title>{t('shell.nav.more')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6">
              <Stack as="ul" gap="1" listStyleType="none">
                {MORE_ITEMS.map((item) => {
                  const Icon = item.icon;
                  const here = current === item.to;
                  return (
                    <li key={item.to}>
                      <Button asChild variant={here ? 'subtle' : 'ghost'} colorPalette={here ? 'brand' : 'gray'} justifyContent="flex-start" w="full" size="lg">
                        <Link to={item.to} onClick={close} aria-current={here ? 'page' : undefined}>
                          <Icon aria-hidden /> {t(item.label)}
                        </Link>
                      </Button>
                    </li>
                  );
                })}
              </Stack>
              <Separator my="3" />
              <Button variant="ghost" justifyContent="flex-start" w="full" size="lg" onClick={signOut}>
                <LogOut aria-hidden /> {t('shell.nav.logOut')}
              </Button>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('shell.nav.closeMore')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

import { Button, CloseButton, Drawer, Grid, Portal, Separator, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
// Icons by their own path: see content.ts.
import Compass from 'lucide-react/icons/compass';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/current-user';
import type { SECTION_LINKS, SectionId } from './content';
import type { SectionAnchor } from './section-nav';

/**
 * The mobile menu drawer: every section, Discover, and sign-in links. Loaded when first opened.
 * The page hands it the section links, the anchor and the scroll function rather than this module
 * importing them: sharing no code with the page keeps the page's own code in a single chunk.
 */
export default function LandingMenu(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  active: SectionId;
  returnFocus: () => HTMLElement | null;
  links: typeof SECTION_LINKS;
  Anchor: typeof SectionAnchor;
  go: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { go, Anchor } = props;
  const { user } = useCurrentUser();
  const active = props.active;
  // The section chosen in the menu: scrolled to once the drawer has let go of the page.
  const pending = useRef<string | null>(null);
  const choose = (id: string) => {
    pending.current = id;
    props.onOpenChange(false);
  };
  const close = () => props.onOpenChange(false);
  return (
    <Drawer.Root
      open={props.open}
      onOpenChange={(e) => props.onOpenChange(e.open)}
      placement="bottom"
      finalFocusEl={() => (pending.current ? document.getElementById(pending.current) : props.returnFocus())}
      onExitComplete={() => {
        const id = pending.current;
        pending.current = null;
        if (id) go(id);
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="xl" data-testid="landing-menu" maxH="85dvh">
            <Drawer.Header>
              <Drawer.Title>{t('landing.nav.menu')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6">
              <nav aria-label={t('landing.nav.allSections')}>
                <Grid as="ul" templateColumns="repeat(2, 1fr)" gap="1" listStyleType="none">
                  {props.links.map((l) => (
                    <li key={l.id}>
                      <Button asChild variant="ghost" justifyContent="flex-start" w="full" size="md">
                        <Anchor id={l.id} onGo={choose} current={l.section.includes(active)}>
                          {t(`landing.nav.links.${l.id}`)}
                        </Anchor>
                      </Button>
                    </li>
                  ))}
                </Grid>
              </nav>
              <Separator my="4" />
              <Stack gap="2">
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to="/discover" onClick={close}>
                    <Compass aria-hidden /> {t('common.discoverCommunities')}
                  </Link>
                </Button>
                {user ? (
                  <Button asChild colorPalette="brand">
                    <Link to="/dashboard" onClick={close}>
                      {t('landing.nav.goToDashboard')}
                    </Link>
                  </Button>
                ) : (
                  <Grid templateColumns="1fr 1fr" gap="2">
                    <Button asChild variant="outline">
                      <Link to="/signin" onClick={close}>
                        {t('landing.nav.signIn')}
                      </Link>
                    </Button>
                    <Button asChild colorPalette="brand">
                      <Link to="/signup" onClick={close}>
                        {t('landing.nav.signUp')}
                      </Link>
                    </Button>
                  </Grid>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('landing.nav.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

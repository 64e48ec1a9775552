// Chakra's components by their own path: see content.ts.
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Grid } from '@chakra-ui/react/grid';
import { HStack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
// Icons by their own path: see content.ts.
import BookOpen from 'lucide-react/icons/book-open';
import House from 'lucide-react/icons/house';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import MenuIcon from 'lucide-react/icons/menu';
import Users from 'lucide-react/icons/users';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTION_IDS, SECTION_LINKS, type SectionId } from './content';

const LandingMenu = lazy(() => import('./landing-menu'));

/** Width at which the mobile bar gives way to the desktop links and the mobile menu closes. */
export const DESKTOP_QUERY = '(min-width: 768px)';
/** Anchors land 80 px below the top of the window, clear of the sticky header: applied as scroll-margin-top on each target. */
export const SCROLL_OFFSET = '80px';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * Scrolls to a section (its scroll-margin-top gives the 80 px offset), moves keyboard focus there the way a
 * native fragment link does, and puts the fragment in the address bar without a second scroll from the router.
 */
export function useGoToSection() {
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      const el = document.getElementById(id);
      if (!el) return;
      el.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
      el.focus({ preventScroll: true });
      void navigate({ to: '/', hash: id, replace: true, resetScroll: false, hashScrollIntoView: false });
    },
    [navigate],
  );
}

/** The section now under the header, for aria-current on the links. */
export function useActiveSection(): SectionId {
  const [active, setActive] = useState<SectionId>('home');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.add(e.target.id);
          else visible.delete(e.target.id);
        }
        const first = SECTION_IDS.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      // A band from just under the sticky headers to the middle of the window.
      { rootMargin: '-100px 0px -50% 0px' },
    );
    for (const id of SECTION_IDS) {
      const el = document.getElementById(id);
      if (el) io.observe(el);
    }
    return () => io.disconnect();
  }, []);
  return active;
}

/** Height of the app's sticky header, so the in-page bar can stick right under it. */
function useAppHeaderHeight(fallback = 53) {
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('#root header');
    if (!header) return;
    const update = () => setHeight(header.getBoundingClientRect().height);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(update);
    ro.observe(header);
    return () => ro.disconnect();
  }, []);
  return height;
}

type SectionLinkProps = { id: string; onGo: (id: string) => void; current?: boolean; children: ReactNode };

/** A real fragment link (works without JavaScript and with the keyboard), smooth-scrolled when it can be. */
export function SectionAnchor({ id, onGo, current, children, ...rest }: SectionLinkProps & Record<string, unknown>) {
  return (
    <a
      href={`#${id}`}
      aria-current={current ? 'location' : undefined}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        onGo(id);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

/** Desktop (≥ 768 px): the section links in a bar that sticks under the app header. */
export function SectionNav({ active }: { active: SectionId }) {
  const { t } = useTranslation();
  const go = useGoToSection();
  const top = useAppHeaderHeight();
  return (
    <Box
      as="nav"
      aria-label={t('landing.nav.sections')}
      position="sticky"
      top={`${top}px`}
      zIndex="docked"
      display={{ base: 'none', md: 'block' }}
      bg="bg/95"
      backdropFilter="blur(8px)"
      borderBottomWidth="1px"
    >
      <Container maxW="6xl">
        <HStack justify="space-between" gap="4" minH="11">
          <Text display={{ base: 'none', xl: 'block' }} fontSize="sm" color="fg.muted" fontStyle="italic" minW="0" truncate>
            {t('landing.tagline')}
          </Text>
          <HStack as="ul" gap="0.5" listStyleType="none" flexWrap="wrap" flexShrink={{ base: 1, xl: 0 }} mx={{ base: '-2', xl: '0' }}>
            {SECTION_LINKS.map((l) => {
              const current = l.section.includes(active);
              return (
                <li key={l.id}>
                  <Button
                    asChild
                    variant="ghost"
                    size="sm"
                    px={{ base: '2', lg: '3.5' }}
                    color={current ? 'brand.fg' : 'fg'}
                    fontWeight={current ? 'bold' : 'medium'}
                    bg={current ? 'brand.subtle' : undefined}
                  >
                    <SectionAnchor id={l.id} onGo={go} current={current}>
                      {t(`landing.nav.links.${l.id}`)}
                    </SectionAnchor>
                  </Button>
                </li>
              );
            })}
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}

/** The bottom bar's anchors (short names: landing.nav.bar.<id>). */
const BAR_ITEMS: { id: 'home' | 'story' | 'features' | 'team'; icon: LucideIcon; section: SectionId[] }[] = [
  { id: 'home', icon: House, section: ['home', 'stats'] },
  { id: 'story', icon: BookOpen, section: ['story'] },
  { id: 'features', icon: LayoutGrid, section: ['features'] },
  { id: 'team', icon: Users, section: ['team'] },
];

const barItemStyle = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5',
  minH: '14',
  w: 'full',
  fontSize: 'xs',
  fontWeight: 'medium',
  color: 'fg.muted',
  rounded: 'md',
  _hover: { color: 'fg', bg: 'bg.muted' },
  '&[aria-current], &[aria-expanded=true]': { color: 'brand.fg', fontWeight: 'bold' },
} as const;

const BarAnchor = chakra(SectionAnchor);

/**
 * Mobile (< 768 px): a fixed bottom bar (Home, Story, Features, Team, Menu). The menu is a drawer with every
 * anchor link and Sign In / Sign Up / Discover; it closes on Escape, when a link is chosen and when the window
 * grows to the desktop width.
 */
export function MobileBar({ active }: { active: SectionId }) {
  const { t } = useTranslation();
  const go = useGoToSection();
  const [open, setOpen] = useState(false);
  // The menu's code loads the first time it is opened, not with the page.
  const [loaded, setLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const mq = window.matchMedia?.(DESKTOP_QUERY);
    if (!mq) return;
    const onChange = () => {
      if (mq.matches) setOpen(false);
    };
    onChange();
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [open]);

  return (
    <>
      <Box
        as="nav"
        aria-label={t('landing.nav.quick')}
        data-testid="landing-mobile-bar"
        position="fixed"
        bottom="0"
        insetX="0"
        zIndex="sticky"
        display={{ base: 'block', md: 'none' }}
        bg="bg/95"
        backdropFilter="blur(8px)"
        borderTopWidth="1px"
        boxShadow="0 -2px 8px rgba(0, 0, 0, 0.06)"
        pb="env(safe-area-inset-bottom)"
      >
        <Grid as="ul" templateColumns="repeat(5, 1fr)" listStyleType="none" px="1" py="1" gap="1">
          {BAR_ITEMS.map((item) => {
            const Icon = item.icon;
            const current = item.section.includes(active);
            return (
              <li key={item.id}>
                <BarAnchor id={item.id} onGo={go} current={current} css={barItemStyle}>
                  <Icon size={20} aria-hidden />
                  {t(`landing.nav.bar.${item.id}`)}
                </BarAnchor>
              </li>
            );
          })}
          <li>
            <chakra.button
              ref={menuButton}
              type="button"
              data-testid="landing-menu-button"
              css={barItemStyle}
              aria-haspopup="dialog"
              aria-expanded={open}
              onClick={() => {
                setLoaded(true);
                setOpen(true);
              }}
            >
              <MenuIcon size={20} aria-hidden />
              {t('landing.nav.menu')}
            </chakra.button>
          </li>
        </Grid>
      </Box>
      {loaded && (
        <Suspense fallback={null}>
          <LandingMenu
            open={open}
            onOpenChange={setOpen}
            active={active}
            returnFocus={() => menuButton.current}
            links={SECTION_LINKS}
            Anchor={SectionAnchor}
            go={go}
          />
        </Suspense>
      )}
    </>
  );
}

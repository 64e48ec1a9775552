// Chakra's components by their own path: see content.ts.
import { Box } from '@chakra-ui/react/box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LandingFooter } from './footer';
import { MobileBar, SectionNav, useActiveSection } from './section-nav';
import { ClosingCta, Features, Hero, MissionVision, Purpose, Stats, Story, Team } from './sections';
import { useSiteConfig } from '../site-config';

/** The public landing page: nine sections, in-page navigation and a footer. */
export function LandingPage() {
  const { t, i18n } = useTranslation();
  const { appName, supportEmail } = useSiteConfig();
  const active = useActiveSection();

  // Arriving at /#features: the sections render after the route's code loads, so scroll once they exist.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);

  useEffect(() => {
    const previous = document.title;
    document.title = t('landing.documentTitle', { appName });
    return () => {
      document.title = previous;
    };
  }, [appName, t, i18n.language]);

  return (
    <Box pb={{ base: 'calc(4.25rem + env(safe-area-inset-bottom))', md: '0' }} data-testid="landing-page">
      <SectionNav active={active} />
      <Hero appName={appName} />
      <Stats appName={appName} />
      <Story appName={appName} />
      <MissionVision />
      <Purpose />
      <Features />
      <Team />
      <ClosingCta appName={appName} />
      <LandingFooter appName={appName} supportEmail={supportEmail} />
      <MobileBar active={active} />
    </Box>
  );
}

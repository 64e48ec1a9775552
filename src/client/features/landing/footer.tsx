// Chakra's components by their own path: see content.ts.
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
// Icons by their own path: see content.ts.
import Mail from 'lucide-react/icons/mail';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from './social-icons';

// The project has no social accounts yet: the buttons say so instead of pointing at a made-up address.
const SOCIAL: { name: string; icon: ReactNode }[] = [
  { name: 'Facebook', icon: <FacebookIcon /> },
  { name: 'Instagram', icon: <InstagramIcon /> },
  { name: 'X', icon: <XIcon /> },
  { name: 'LinkedIn', icon: <LinkedInIcon /> },
];

function FooterHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" size="sm" textTransform="uppercase" letterSpacing="wider" color="fg.muted" mb="3">
      {children}
    </Heading>
  );
}

function FooterLink({ to, children }: { to: '/discover' | '/signin' | '/signup'; children: ReactNode }) {
  return (
    <li>
      <ChakraLink asChild color="fg" _hover={{ color: 'brand.fg' }} py="1">
        <Link to={to}>{children}</Link>
      </ChakraLink>
    </li>
  );
}

export function LandingFooter({ appName, supportEmail }: { appName: string; supportEmail: string | null }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="bg.muted" borderTopWidth="1px" pt={{ base: '12', md: '16' }} pb="8" data-testid="landing-footer">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: supportEmail ? 4 : 3 }} gap={{ base: '8', md: '10' }}>
          <Stack gap="3">
            <HStack gap="2">
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <Text fontWeight="bold" fontSize="xl" color="brand.fg">
                {appName}
              </Text>
            </HStack>
            <Text color="fg.muted" fontStyle="italic">
              {t('landing.tagline')}.
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {t('landing.footer.about')}
            </Text>
          </Stack>

          <nav aria-labelledby="footer-explore">
            <FooterHeading>
              <span id="footer-explore">{t('landing.footer.explore')}</span>
            </FooterHeading>
            <Stack as="ul" listStyleType="none" gap="1">
              <FooterLink to="/discover">{t('common.discoverCommunities')}</FooterLink>
              <FooterLink to="/signup">{t('landing.createOwn')}</FooterLink>
              <FooterLink to="/signin">{t('landing.footer.signIn')}</FooterLink>
            </Stack>
          </nav>

          {/* The server sends no address while SUPPORT_EMAIL is unset or a placeholder: then there is no contact line at all. */}
          {supportEmail ? (
            <Box>
              <FooterHeading>{t('landing.footer.contact')}</FooterHeading>
              <Text color="fg.muted" fontSize="sm" mb="2">
                {t('landing.footer.contactIntro')}
              </Text>
              <ChakraLink href={`mailto:${supportEmail}`} color="brand.fg" fontWeight="medium" wordBreak="break-all" data-testid="support-email">
                <Mail size={16} aria-hidden /> {supportEmail}
              </ChakraLink>
            </Box>
          ) : null}

          <Box>
            <FooterHeading>{t('landing.footer.follow')}</FooterHeading>
            <HStack as="ul" listStyleType="none" gap="2">
              {SOCIAL.map((s) => (
                <li key={s.name}>
                  <IconButton
                    variant="outline"
                    size="sm"
                    aria-label={t('landing.footer.socialLabel', { appName, network: s.name })}
                    aria-disabled="true"
                    title={t('landing.footer.socialTitle', { network: s.name })}
                    onClick={(e) => e.preventDefault()}
                    data-testid="social-link"
                  >
                    {s.icon}
                  </IconButton>
                </li>
              ))}
            </HStack>
            <Text id="social-soon" fontSize="sm" color="fg.muted" mt="2">
              {t('landing.footer.socialSoon')}
            </Text>
          </Box>
        </SimpleGrid>

        <Stack
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'start', sm: 'center' }}
          gap="4"
          mt={{ base: '10', md: '12' }}
          pt="6"
          borderTopWidth="1px"
        >
          <Text fontSize="sm" color="fg.muted">
            {t('landing.footer.copyright', { year, appName })}
          </Text>
          <Button asChild size="sm" variant="outline" letterSpacing="wider">
            <Link to="/admin/login">
              <ShieldCheck aria-hidden /> {t('landing.footer.teamSignIn')}
            </Link>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

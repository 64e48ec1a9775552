import { Box, Button, Container, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/current-user';
import { PageHeader } from '../../components/page-header';
import { CommunityBrowser } from './community-browser';
import { CreateCommunityDialog } from './dialogs';

/** The page with its heading: 'Discover Communities' (/discover, /discover-authenticated) or 'Explore Communities' (/explore). */
export function DiscoverRoutePage({ explore = false }: { explore?: boolean }) {
  const { t } = useTranslation();
  return <DiscoverPage title={t(explore ? 'common.exploreCommunities' : 'common.discoverCommunities')} />;
}

/**
 * /discover (signed out: public communities only), /discover-authenticated and /explore
 * (signed in: every community, private ones as summaries). The server decides the scope.
 */
export function DiscoverPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <>
      <Container maxW="6xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <PageHeader title={title} intro={user ? t('communities.discover.introSignedIn') : t('communities.discover.introSignedOut')} direction={{ base: 'column', md: 'row' }} gap="4">
            {!user && (
              <HStack gap="2" alignSelf={{ md: 'center' }} flexWrap="wrap" data-testid="discover-account">
                <Button asChild variant="outline">
                  <Link to="/signin">{t('communities.discover.signIn')}</Link>
                </Button>
                <Button asChild colorPalette="brand">
                  <Link to="/signup">{t('communities.discover.createAccount')}</Link>
                </Button>
              </HStack>
            )}
            {user && (
              <CreateCommunityDialog
                trigger={
                  <Button colorPalette="brand" alignSelf={{ md: 'center' }}>
                    <Plus aria-hidden /> {t('communities.discover.create')}
                  </Button>
                }
              />
            )}
          </PageHeader>
          <CommunityBrowser
            emptyTitle={user ? t('communities.discover.noneFound') : t('communities.discover.nonePublic')}
            emptyActions={
              !user && (
                <Button asChild colorPalette="brand">
                  <Link to="/signup">{t('communities.discover.signUpToCreate')}</Link>
                </Button>
              )
            }
          />
        </Stack>
      </Container>
      {!user && <PublicFooter />}
    </>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box as="footer" borderTopWidth="1px" py="6" mt="8">
      <Container maxW="6xl">
        <HStack gap="6" justify="center" flexWrap="wrap" fontSize="sm">
          <ChakraLink asChild>
            <Link to="/">{t('communities.discover.home')}</Link>
          </ChakraLink>
          <ChakraLink asChild>
            <Link to="/signin">{t('communities.discover.signIn')}</Link>
          </ChakraLink>
          <ChakraLink asChild>
            <Link to="/signup">{t('communities.discover.signUp')}</Link>
          </ChakraLink>
        </HStack>
      </Container>
    </Box>
  );
}

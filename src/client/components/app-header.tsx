import { Box, Button, Container, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../features/auth/current-user';
import { ColorModeToggle } from './color-mode';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

const SIGNED_IN = [
  { to: '/dashboard', label: 'common.header.dashboard' },
  { to: '/communities', label: 'common.header.communities' },
  { to: '/explore', label: 'common.header.explore' },
] as const;
const SIGNED_OUT = [{ to: '/discover', label: 'common.header.discover' }] as const;

export function AppHeader() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const links = user ? SIGNED_IN : SIGNED_OUT;
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="6xl" py="2">
        <HStack justify="space-between" gap="2">
          <HStack gap={{ base: '2', md: '6' }} minW="0">
            <Logo to={user ? '/dashboard' : '/'} />
            <HStack as="nav" aria-label={t('common.header.main')} gap="1" display={{ base: 'none', md: 'flex' }}>
              {links.map((l) => (
                <Button key={l.to} asChild variant="ghost" size="sm">
                  <Link to={l.to} activeProps={{ 'aria-current': 'page', style: { fontWeight: 700 } }}>
                    {t(l.label)}
                  </Link>
                </Button>
              ))}
            </HStack>
          </HStack>
          <HStack gap={{ base: '1', sm: '2' }}>
            <LanguageSwitcher />
            <ColorModeToggle />
            <UserMenu />
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}

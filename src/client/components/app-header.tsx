import { Box, Button, Container, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/current-user';
import { ColorModeToggle } from './color-mode';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

const SIGNED_IN = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/communities', label: 'Communities' },
  { to: '/explore', label: 'Explore' },
] as const;

export function AppHeader() {
  const { user } = useCurrentUser();
  const links = user ? SIGNED_IN : ([{ to: '/discover', label: 'Discover' }] as const);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="6xl" py="2">
        <HStack justify="space-between" gap="2">
          <HStack gap={{ base: '2', md: '6' }} minW="0">
            <Logo to={user ? '/dashboard' : '/'} />
            <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', md: 'flex' }}>
              {links.map((l) => (
                <Button key={l.to} asChild variant="ghost" size="sm">
                  <Link to={l.to} activeProps={{ 'aria-current': 'page', style: { fontWeight: 700 } }}>
                    {l.label}
                  </Link>
                </Button>
              ))}
            </HStack>
          </HStack>
          <HStack gap="2">
            <ColorModeToggle />
            <UserMenu />
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}

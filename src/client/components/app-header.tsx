import { Box, Container, HStack } from '@chakra-ui/react';
import { ColorModeMenu } from './color-mode';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

export function AppHeader() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="6xl" py="2">
        <HStack justify="space-between">
          <Logo />
          <HStack gap="2">
            <ColorModeMenu />
            <UserMenu />
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}

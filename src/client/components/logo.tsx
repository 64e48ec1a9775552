import { HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

export const APP_NAME = 'Harambee';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} aria-label={`${APP_NAME} home`}>
      <HStack gap="2">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fontWeight="bold" fontSize="lg" color="brand.fg">
          {APP_NAME}
        </Text>
      </HStack>
    </Link>
  );
}

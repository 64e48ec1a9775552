import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useCurrentUser, type CurrentUser } from './current-user';

/** Renders children with the signed-in user; otherwise says so and goes to /signin. */
export function RequireUser({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const { href } = useLocation();
  useEffect(() => {
    if (!isLoading && !user) void navigate({ to: '/signin', search: { redirect: href }, replace: true });
  }, [isLoading, user, navigate, href]);
  if (user) return <>{children(user)}</>;
  return (
    <Center py="24">
      <VStack role="status">
        <Spinner color="brand.solid" />
        <Text color="fg.muted">{isLoading ? 'Loading…' : 'Redirecting to login'}</Text>
      </VStack>
    </Center>
  );
}

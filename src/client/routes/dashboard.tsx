import { Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Flame } from 'lucide-react';
import { RequireUser } from '../features/auth/require-user';
import { VerifyBanner } from '../features/auth/verify-banner';
import type { CurrentUser } from '../features/auth/current-user';

export const Route = createFileRoute('/dashboard')({ component: () => <RequireUser>{(u) => <Dashboard user={u} />}</RequireUser> });

const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'Never';

/** The personal dashboard; communities, groups and events fill it in as those features land. */
function Dashboard({ user }: { user: CurrentUser }) {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Welcome back, {user.firstName || 'User'}!
          </Heading>
          <Text color="fg.muted">Here is what is happening in your communities.</Text>
        </Box>
        <VerifyBanner user={user} />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
            <Stat.Label>Login streak</Stat.Label>
            <HStack>
              <Stat.ValueText>{user.loginStreak}</Stat.ValueText>
              <Stat.ValueUnit>{user.loginStreak === 1 ? 'day' : 'days'}</Stat.ValueUnit>
              <Flame size={18} aria-hidden color="var(--chakra-colors-orange-500)" />
            </HStack>
          </Stat.Root>
          {['Communities', 'Njangi Groups', 'Recognitions'].map((label) => (
            <Stat.Root key={label} borderWidth="1px" rounded="lg" p="4" bg="bg">
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText fontSize="md" color="fg.muted">
                Coming soon
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root>
            <Card.Header>
              <Card.Title>Login Activity</Card.Title>
            </Card.Header>
            <Card.Body>
              <Text>
                {user.loginStreak > 1
                  ? `You have signed in ${user.loginStreak} days in a row. Keep it up!`
                  : 'Sign in again tomorrow to start a streak.'}
              </Text>
              <Text color="fg.muted" fontSize="sm" mt="2">
                Last login: {longDate(user.lastLoginAt)}
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title>Your profile</Card.Title>
            </Card.Header>
            <Card.Body>
              <Text color="fg.muted">Keep your details current so your communities can reach you.</Text>
            </Card.Body>
            <Card.Footer gap="2" flexWrap="wrap">
              <Button asChild size="sm" colorPalette="brand">
                <Link to="/profile">View profile</Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to="/edit-profile">Edit profile</Link>
              </Button>
            </Card.Footer>
          </Card.Root>
        </SimpleGrid>
        <Card.Root>
          <Card.Header>
            <Card.Title>My Communities</Card.Title>
          </Card.Header>
          <Card.Body>
            <Text color="fg.muted">Creating and joining communities is coming soon.</Text>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

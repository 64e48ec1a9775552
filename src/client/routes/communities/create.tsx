import { Button, Card, Center, Container, Heading, Stack, Text, VStack } from '@chakra-ui/react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useCurrentUser } from '../../features/auth/current-user';
import { CreateCommunityForm } from '../../features/communities/create-community';

export const Route = createFileRoute('/communities/create')({ component: CreateCommunityPage });

function CreateCommunityPage() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  if (isLoading) return null;
  if (!user) {
    return (
      <Center py="24">
        <VStack gap="4">
          <Text>Please log in to create a community</Text>
          <Button asChild colorPalette="brand">
            <Link to="/signin" search={{ redirect: '/communities/create' }}>
              Sign In
            </Link>
          </Button>
        </VStack>
      </Center>
    );
  }
  return (
    <Container maxW="2xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Button asChild variant="ghost" alignSelf="flex-start" size="sm">
          <Link to="/communities">
            <ArrowLeft aria-hidden /> Back to Communities
          </Link>
        </Button>
        <Heading as="h1" size="2xl">
          Create a community
        </Heading>
        <Card.Root>
          <Card.Body>
            <CreateCommunityForm onCreated={(c) => navigate({ to: '/communities/$id', params: { id: String(c.id) } })} />
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

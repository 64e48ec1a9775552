import { Box, Button, Container, EmptyState, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Mail, Plus, Users } from 'lucide-react';
import { LoadMore } from '../../../components/load-more';
import { CardGridSkeleton, CommunityBrowser } from '../../../features/communities/community-browser';
import { CommunityCard } from '../../../features/communities/community-card';
import { CreateCommunityDialog } from '../../../features/communities/create-community';
import { communityListQuery, joinedListQuery } from '../../../features/communities/queries';
import { loadList } from '../../../lib/route-data';
import { useCursorList } from '../../../lib/use-cursor-list';

export const Route = createFileRoute('/_signed-in/communities/')({
  // The Discover tab opens first, unfiltered.
  loader: async ({ context: { queryClient } }) => {
    await loadList(queryClient, communityListQuery());
  },
  component: CommunitiesPage,
});

function CommunitiesPage() {
  const navigate = useNavigate();
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
          <Box>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              Communities
            </Heading>
            <Text color="fg.muted">Discover communities, and keep up with the ones you belong to.</Text>
          </Box>
          <CreateCommunityDialog
            onCreated={(c) => navigate({ to: '/community/$id', params: { id: String(c.id) } })}
            trigger={
              <Button colorPalette="brand" alignSelf={{ sm: 'center' }}>
                <Plus aria-hidden /> Create Community
              </Button>
            }
          />
        </Stack>
        <Tabs.Root defaultValue="discover" colorPalette="brand" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="discover">Discover</Tabs.Trigger>
            <Tabs.Trigger value="mine">My Communities</Tabs.Trigger>
            <Tabs.Trigger value="invitations">Invitations</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="discover">
            <CommunityBrowser emptyTitle="No communities found" detailsPath="communities" />
          </Tabs.Content>
          <Tabs.Content value="mine">
            <MyCommunities />
          </Tabs.Content>
          <Tabs.Content value="invitations">
            <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <Mail aria-hidden />
                </EmptyState.Indicator>
                <EmptyState.Title>No pending invitations</EmptyState.Title>
                <EmptyState.Description>When a community invites you, it will show up here.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

function MyCommunities() {
  const { query: q, items } = useCursorList(joinedListQuery());
  if (q.isPending) return <CardGridSkeleton count={3} />;
  if (items.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Users aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title>No communities found</EmptyState.Title>
          <EmptyState.Description>You haven&apos;t joined any communities yet.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
        {items.map((c) => (
          <CommunityCard key={c.id} community={c} detailsPath="communities" />
        ))}
      </SimpleGrid>
      <LoadMore query={q} alignSelf="center" />
    </Stack>
  );
}

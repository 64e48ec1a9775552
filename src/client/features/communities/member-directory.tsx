import { Avatar, Badge, Button, Card, EmptyState, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Mail, Phone, Users } from 'lucide-react';
import { trpc } from '../../trpc';
import { ROLE_LABEL, initials, longDate } from './shared';

/** The members tab: who belongs, their role, and a way to reach them (members only, server-checked). */
export function MemberDirectory({ communityId }: { communityId: number }) {
  const q = useInfiniteQuery(
    trpc.communities.members.infiniteQueryOptions({ communityId, limit: 48 }, { getNextPageParam: (l) => l.nextCursor, staleTime: 5 * 60 * 1000 }),
  );
  if (q.isPending) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" aria-busy="true">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h="120px" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const members = q.data?.pages.flatMap((p) => p.items) ?? [];
  if (members.length === 0) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Users aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title>No members found</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {members.map((m) => {
          const name = `${m.user.firstName} ${m.user.lastName}`.trim();
          return (
            <Card.Root key={m.id} size="sm" data-testid="member-card">
              <Card.Body>
                <HStack gap="3" align="flex-start">
                  <Avatar.Root colorPalette="brand">
                    <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
                    {m.user.profileImageUrl && <Avatar.Image src={m.user.profileImageUrl} alt="" />}
                  </Avatar.Root>
                  <Stack gap="1" flex="1" minW="0">
                    <Text fontWeight="semibold" truncate>
                      {name}
                    </Text>
                    <HStack gap="2">
                      <Badge colorPalette={m.role === 'creator' ? 'brand' : m.role === 'member' ? 'gray' : 'purple'}>{ROLE_LABEL[m.role]}</Badge>
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      Joined {longDate(m.joinedAt)}
                    </Text>
                  </Stack>
                  <HStack gap="1">
                    {m.user.email && (
                      <IconButton asChild size="sm" variant="ghost" aria-label={`Email ${name}`}>
                        <a href={`mailto:${m.user.email}`}>
                          <Mail aria-hidden />
                        </a>
                      </IconButton>
                    )}
                    {m.user.phoneNumber && (
                      <IconButton asChild size="sm" variant="ghost" aria-label={`Call ${name}`}>
                        <a href={`tel:${m.user.phoneNumber}`}>
                          <Phone aria-hidden />
                        </a>
                      </IconButton>
                    )}
                  </HStack>
                </HStack>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
      {q.hasNextPage && (
        <Button alignSelf="center" variant="outline" onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Load more members
        </Button>
      )}
    </Stack>
  );
}

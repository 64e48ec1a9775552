import { Avatar, Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { pendingRequestsQuery } from '../communities/queries';
import { initials, refreshCommunities, type Community } from '../communities/membership';
import { EmptyNote } from '../../components/empty-state';

/**
 * The pending requests, a page at a time. The settings menu's badge reads the same query, so the
 * Requests section and the badge share one fetch.
 */
export function usePendingRequests(communityId: number) {
  const { query, items } = useCursorList(pendingRequestsQuery(communityId));
  return { q: query, requests: items };
}

/** Pending requests to join a private community, approved or declined by creator and admins. */
export function RequestSettings({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { q, requests } = usePendingRequests(c.id);
  const decide = useMutation(
    trpc.communities.decideRequest.mutationOptions({
      onSuccess: async (r) => {
        notify.success(r.status === 'approved' ? t('communitySettings.requests.approved') : t('communitySettings.requests.declined'));
        await refreshCommunities(queryClient);
      },
      onError: (e) => notify.error(t('communitySettings.error'), errorInfo(e).message),
    }),
  );
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('communitySettings.requests.title')}</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {t('communitySettings.requests.intro', { name: c.name })}
        </Text>
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Skeleton h="24" />
        ) : !requests.length ? (
          <EmptyNote icon={<Inbox />} title={t('communitySettings.requests.empty')} />
        ) : (
          <Stack gap="3">
            {requests.map((r) => {
              const name = `${r.firstName} ${r.lastName}`.trim();
              const asked = formatDate(r.createdAt);
              const busy = decide.isPending && decide.variables?.requestId === r.id;
              return (
                <HStack key={r.id} justify="space-between" borderWidth="1px" rounded="md" p="3" flexWrap="wrap" gap="3" data-testid="join-request">
                  <HStack gap="3">
                    <Avatar.Root size="sm" colorPalette="brand">
                      <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
                      {r.profileImageUrl && <Avatar.Image src={r.profileImageUrl} alt="" />}
                    </Avatar.Root>
                    <Stack gap="0">
                      <Text fontWeight="medium">{name}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {r.location ? `${r.location} · ` : ''}
                        {asked ? t('communitySettings.requests.asked', { date: asked }) : t('communitySettings.requests.askedUnknown')}
                      </Text>
                    </Stack>
                  </HStack>
                  <HStack gap="2">
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => decide.mutate({ communityId: c.id, requestId: r.id, approve: false })}>
                      {t('communitySettings.requests.decline')}
                    </Button>
                    <Button size="sm" colorPalette="brand" loading={busy} onClick={() => decide.mutate({ communityId: c.id, requestId: r.id, approve: true })}>
                      {t('communitySettings.requests.approve', { name: name.split(' ')[0] })}
                    </Button>
                  </HStack>
                </HStack>
              );
            })}
            <LoadMore query={q} alignSelf="start">
              {t('common.loadMore')}
            </LoadMore>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

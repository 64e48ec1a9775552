import { Badge, Button, Card, EmptyState, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Lock, Mail, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { refreshCommunities } from '../communities/membership';

/** The Invitations tab of /communities: invitations to my verified address, with Accept and Decline. */
export function MyInvitations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mine = useQuery(trpc.invitations.mine.queryOptions());
  const accept = useMutation(trpc.invitations.acceptById.mutationOptions());
  const decline = useMutation(trpc.invitations.decline.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitations.mine.queryKey() });

  if (mine.isPending) {
    return (
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-busy="true" aria-label={t('invitations.tab.loading')}>
        <Skeleton height="36" rounded="lg" />
        <Skeleton height="36" rounded="lg" />
      </SimpleGrid>
    );
  }
  if (mine.isError) {
    return (
      <Stack gap="3" align="flex-start" role="alert">
        <Text color="fg.error">{t('invitations.tab.failed')}</Text>
        <Button size="sm" variant="outline" onClick={() => void mine.refetch()}>
          {t('invitations.tab.retry')}
        </Button>
      </Stack>
    );
  }
  if (mine.data.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Mail aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title>{t('invitations.tab.empty')}</EmptyState.Title>
          <EmptyState.Description>{t('invitations.tab.emptyBody')}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none">
      {mine.data.map((i) => (
        <Card.Root as="li" key={i.id} aria-labelledby={`invitation-${i.id}`}>
          <Card.Body gap="2">
            <Text fontSize="sm" color="fg.muted">
              {i.inviter ? t('invitations.tab.invitedBy', { name: i.inviter.name }) : t('invitations.tab.invited')}
            </Text>
            <Card.Title as="h3" id={`invitation-${i.id}`}>
              {i.community.name}
            </Card.Title>
            <HStack gap="3" color="fg.muted" fontSize="sm" flexWrap="wrap">
              <HStack gap="1">
                <Users size={14} aria-hidden /> {t('invitations.tab.members', { count: i.community.memberCount })}
              </HStack>
              {!i.community.isPublic && (
                <Badge size="sm">
                  <Lock size={10} aria-hidden /> {t('invitations.tab.private')}
                </Badge>
              )}
            </HStack>
            <Text lineClamp={3}>{i.community.description}</Text>
            {i.message && (
              // The sender's words, not the app's: said so, and shown as plain text.
              <Stack gap="1">
                {i.inviter && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('invitations.tab.messageFrom', { name: i.inviter.name })}
                  </Text>
                )}
                <Text fontStyle="italic" borderStartWidth="3px" borderColor="brand.muted" ps="3" whiteSpace="pre-line">
                  {i.message}
                </Text>
              </Stack>
            )}
            <Text fontSize="xs" color="fg.muted">
              {t('invitations.tab.expires', { date: formatDate(i.expiresAt) })}
            </Text>
          </Card.Body>
          <Card.Footer gap="2">
            <Button
              colorPalette="brand"
              size="sm"
              loading={accept.isPending && accept.variables?.id === i.id}
              onClick={async () => {
                try {
                  const joined = await accept.mutateAsync({ id: i.id });
                  notify.success(t('invitations.tab.accepted', { community: i.community.name }));
                  await Promise.all([refresh(), refreshCommunities(queryClient)]);
                  await navigate({ to: '/community/$id', params: { id: String(joined.communityId) } });
                } catch (error) {
                  notify.error(t('invitations.tab.failedAction'), errorInfo(error).message);
                  await refresh();
                }
              }}
            >
              {t('invitations.tab.accept')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={decline.isPending && decline.variables?.id === i.id}
              onClick={async () => {
                try {
                  await decline.mutateAsync({ id: i.id });
                  notify.info(t('invitations.tab.declined'));
                } catch (error) {
                  notify.error(t('invitations.tab.failedAction'), errorInfo(error).message);
                }
                await refresh();
              }}
            >
              {t('invitations.tab.decline')}
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

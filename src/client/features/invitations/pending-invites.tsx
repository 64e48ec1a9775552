import { Badge, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { useInvitesChange } from './use-invites-change';

/** The leaders' view of email invitations still waiting: resend (a new link) or cancel. */
export function PendingInvites({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.invitations.pending.queryOptions({ communityId }));
  const resend = useMutation(trpc.invitations.resend.mutationOptions());
  const cancel = useMutation(trpc.invitations.cancel.mutationOptions());
  const change = useInvitesChange(() => queryClient.invalidateQueries({ queryKey: trpc.invitations.pending.queryKey({ communityId }) }));

  if (pending.isPending) return <Skeleton height="16" />;
  if (pending.isError) return <Text color="fg.error">{errorInfo(pending.error).message}</Text>;
  const { items, remainingToday } = pending.data;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('invitations.pending.remaining', { count: remainingToday })}
      </Text>
      {items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('invitations.pending.none')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {items.map((i) => (
            <Stack as="li" key={i.id} direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" borderWidth="1px" rounded="md" p="3">
              <Stack gap="0.5" minW="0">
                <HStack>
                  <Text fontWeight="medium" truncate>
                    {i.email}
                  </Text>
                  {i.expired && <Badge colorPalette="gray">{t('invitations.pending.expired')}</Badge>}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {[t('invitations.pending.sent', { date: formatDate(i.sentAt) }), i.invitedBy ? t('invitations.pending.by', { name: i.invitedBy }) : null, t('invitations.pending.times', { count: i.sendCount }), i.expired ? null : t('invitations.pending.expires', { date: formatDate(i.expiresAt) })]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <HStack gap="2" alignSelf={{ sm: 'center' }}>
                <Button
                  size="sm"
                  variant="outline"
                  loading={resend.isPending && resend.variables?.id === i.id}
                  // A failure has been toasted; there is no dialog to keep open.
                  onClick={() => change(() => resend.mutateAsync({ id: i.id }), t('invitations.pending.resent', { email: i.email })).catch(() => undefined)}
                >
                  {t('invitations.pending.resend')}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="ghost" colorPalette="red">
                      {t('invitations.pending.cancel')}
                    </Button>
                  }
                  title={t('invitations.pending.cancelTitle')}
                  description={t('invitations.pending.cancelBody', { email: i.email })}
                  confirmLabel={t('invitations.pending.confirmCancel')}
                  onConfirm={() => change(() => cancel.mutateAsync({ id: i.id }), t('invitations.pending.cancelled'))}
                />
              </HStack>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

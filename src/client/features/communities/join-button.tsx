import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/current-user';
import { refreshCommunities, type Community } from './membership';

/**
 * Join (public), ask to join (private), or show where the viewer stands. Signed-out visitors
 * are sent to sign in first. `withdrawable` adds a way to take back a pending request (on the
 * community's own pages; cards stay compact).
 */
export function JoinButton({
  community,
  size = 'sm',
  signedOutLabel,
  withdrawable = false,
}: {
  community: Community;
  size?: ButtonProps['size'];
  signedOutLabel?: string;
  withdrawable?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const join = useMutation(
    trpc.communities.join.mutationOptions({
      onSuccess: async (result) => {
        if (result.status === 'pending') notify.success(t('communities.join.requestSent'), t('communities.join.requestSentBody'));
        else notify.success(t('communities.join.success'), t('communities.join.successBody'));
        await refreshCommunities(queryClient);
      },
      onError: (e) => notify.error(t('communities.join.joinFailed'), errorInfo(e).message || t('communities.unexpectedError')),
    }),
  );
  const withdraw = useMutation(
    trpc.communities.withdrawRequest.mutationOptions({
      onSuccess: async () => {
        notify.success(t('communities.join.withdrawn'), t('communities.join.withdrawnBody'));
        await refreshCommunities(queryClient);
      },
      onError: (e) => notify.error(t('communities.join.withdrawFailed'), errorInfo(e).message || t('communities.unexpectedError')),
    }),
  );
  if (!user) {
    return (
      <Button asChild size={size} colorPalette="brand">
        <Link to="/signin" search={{ redirect: `/community/${community.id}/details` }}>
          {signedOutLabel ?? t('communities.join.signInToJoin')}
        </Link>
      </Button>
    );
  }
  if (community.isMember) {
    return (
      <Button size={size} disabled variant="subtle">
        <Check aria-hidden /> {t('communities.join.joined')}
      </Button>
    );
  }
  if (community.requestPending) {
    const pending = (
      <Button size={size} disabled variant="subtle">
        <Clock aria-hidden /> {t('communities.join.pending')}
      </Button>
    );
    if (!withdrawable) return pending;
    return (
      <HStack gap="2" flexWrap="wrap">
        {pending}
        <ConfirmDialog
          trigger={
            <Button size={size} variant="outline">
              {t('communities.join.withdraw')}
            </Button>
          }
          title={t('communities.join.withdrawTitle')}
          description={t('communities.join.withdrawBody', { name: community.name })}
          confirmLabel={t('communities.join.withdraw')}
          onConfirm={() => withdraw.mutateAsync({ communityId: community.id }).catch(() => undefined)}
        />
      </HStack>
    );
  }
  return (
    <Button
      size={size}
      colorPalette="brand"
      loading={join.isPending}
      loadingText={community.isPublic ? t('communities.join.joining') : t('communities.join.sending')}
      onClick={() => join.mutate({ communityId: community.id })}
    >
      {community.isPublic ? t('communities.join.join') : t('communities.join.requestToJoin')}
    </Button>
  );
}

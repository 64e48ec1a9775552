import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Clock } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/current-user';
import { refreshCommunities, type Community } from './shared';

/**
 * Join (public), ask to join (private), or show where the viewer stands. Signed-out visitors
 * are sent to sign in first. `withdrawable` adds a way to take back a pending request (on the
 * community's own pages; cards stay compact).
 */
export function JoinButton({
  community,
  size = 'sm',
  signedOutLabel = 'Sign in to Join',
  withdrawable = false,
}: {
  community: Community;
  size?: ButtonProps['size'];
  signedOutLabel?: string;
  withdrawable?: boolean;
}) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const join = useMutation(
    trpc.communities.join.mutationOptions({
      onSuccess: async (result) => {
        if (result.status === 'pending') notify.success('Request sent', 'The community’s leaders will review your request.');
        else notify.success('Success!', 'You have joined the community.');
        await refreshCommunities(queryClient);
      },
      onError: (e) => notify.error('Failed to join community', errorInfo(e).message || 'An unexpected error occurred'),
    }),
  );
  const withdraw = useMutation(
    trpc.communities.withdrawRequest.mutationOptions({
      onSuccess: async () => {
        notify.success('Request withdrawn', 'You can ask to join again at any time.');
        await refreshCommunities(queryClient);
      },
      onError: (e) => notify.error('Could not withdraw the request', errorInfo(e).message || 'An unexpected error occurred'),
    }),
  );
  if (!user) {
    return (
      <Button asChild size={size} colorPalette="brand">
        <Link to="/signin" search={{ redirect: `/community/${community.id}/details` }}>
          {signedOutLabel}
        </Link>
      </Button>
    );
  }
  if (community.isMember) {
    return (
      <Button size={size} disabled variant="subtle">
        <Check aria-hidden /> Joined
      </Button>
    );
  }
  if (community.requestPending) {
    const pending = (
      <Button size={size} disabled variant="subtle">
        <Clock aria-hidden /> Request pending
      </Button>
    );
    if (!withdrawable) return pending;
    return (
      <HStack gap="2" flexWrap="wrap">
        {pending}
        <ConfirmDialog
          trigger={
            <Button size={size} variant="outline">
              Withdraw request
            </Button>
          }
          title="Withdraw your request?"
          description={`The leaders of ${community.name} will no longer see your request to join. You can ask again later.`}
          confirmLabel="Withdraw request"
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
      loadingText={community.isPublic ? 'Joining...' : 'Sending...'}
      onClick={() => join.mutate({ communityId: community.id })}
    >
      {community.isPublic ? 'Join' : 'Request to join'}
    </Button>
  );
}

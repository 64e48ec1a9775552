import { Badge, Box, Button, Center, HStack, Heading, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Lock, LogOut, MapPin, Settings, Share2, UserPlus, Users } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatMemberCount } from '../../lib/format';
import { trpc } from '../../trpc';
import { canOpenSettings, initials, refreshCommunities, type Community } from './shared';

/** The community dashboard's header: identity, counts and what this member may do. */
export function CommunityHeader({ community: c }: { community: Community }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useMutation(trpc.communities.leave.mutationOptions());
  async function share() {
    const url = `${window.location.origin}/community/${c.id}/details`;
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied', 'Share it with people you want to invite.');
    } catch {
      notify.info('Share this link', url);
    }
  }
  return (
    <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
      <HStack gap="4" align="center">
        <Center boxSize="14" rounded="lg" bg="brand.solid" color="brand.contrast" fontWeight="bold" fontSize="xl" flexShrink={0} aria-hidden>
          {initials(c.name)}
        </Center>
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {c.name}
          </Heading>
          <HStack gap="3" color="fg.muted" fontSize="sm" flexWrap="wrap">
            <HStack gap="1">
              <Users size={14} aria-hidden /> {formatMemberCount(c.memberCount)}
            </HStack>
            {c.location && (
              <HStack gap="1">
                <MapPin size={14} aria-hidden /> {c.location}
              </HStack>
            )}
            {!c.isPublic && (
              <Badge size="sm">
                <Lock size={10} aria-hidden /> Private
              </Badge>
            )}
          </HStack>
        </Box>
      </HStack>
      <HStack gap="2" flexWrap="wrap" alignSelf={{ md: 'center' }}>
        {canOpenSettings(c.role) && (
          <Button asChild size="sm" colorPalette="brand">
            <Link to="/community/$id/settings" params={{ id: String(c.id) }}>
              <Settings aria-hidden /> Manage Settings
            </Link>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => notify.info('Coming Soon', 'Invitations are on their way.')}>
          <UserPlus aria-hidden /> Invite
        </Button>
        <Button size="sm" variant="outline" onClick={share}>
          <Share2 aria-hidden /> Share
        </Button>
        {/* The creator cannot leave (the server refuses too): they hand the community over first. */}
        {c.role !== 'creator' && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost" colorPalette="red">
                <LogOut aria-hidden /> Leave
              </Button>
            }
            title={`Leave ${c.name}?`}
            description={c.isPublic ? 'You can join again at any time.' : 'This community is private: to come back you will need a leader’s approval.'}
            confirmLabel="Leave community"
            onConfirm={async () => {
              try {
                await leave.mutateAsync({ communityId: c.id });
                notify.success('You left the community');
                await refreshCommunities(queryClient);
                await navigate({ to: '/communities' });
              } catch (e) {
                notify.error('Could not leave', errorInfo(e).message);
              }
            }}
          />
        )}
      </HStack>
    </Stack>
  );
}

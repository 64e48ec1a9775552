import { Badge, Box, Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Lock, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { canIn } from '@shared/permissions';
import { InviteDialog } from '../invitations/dialogs';
import { ShareButton } from '../invitations/share-button';
import { canOpenSettings, refreshCommunities, type Community } from './membership';
import { CommunityCover } from './community-cover';
import { MembersAndPlace } from './members-and-place';

/** A button's label shown from the tablet width up; below it the button is its icon alone. */
const LabelFromMd = ({ children }: { children: string }) => (
  <Box as="span" hideBelow="md">
    {children}
  </Box>
);

/** The community dashboard's header: identity, counts and what this member may do. */
export function CommunityHeader({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useMutation(trpc.communities.leave.mutationOptions());
  return (
    <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
      <HStack gap="4" align="center">
        {/* The community's own cover (its banner over its pattern), never initials that read as a missing picture. */}
        <CommunityCover communityId={c.id} imageUrl={c.imageUrl} sizes="56px" boxSize="14" rounded="lg" flexShrink={0} aria-hidden />
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {c.name}
          </Heading>
          <HStack gap="3" color="fg.muted" fontSize="sm" flexWrap="wrap">
            <MembersAndPlace community={c} />
            {!c.isPublic && (
              <Badge size="sm">
                <Lock size={10} aria-hidden /> {t('communities.private')}
              </Badge>
            )}
          </HStack>
        </Box>
      </HStack>
      {/* One row on a 375 px phone even for a leader who may also leave (Settings, Invite, Share, Leave):
          there Settings and Leave show their icon alone, named for screen readers by aria-label. */}
      <HStack gap="2" flexWrap="wrap" alignSelf={{ md: 'center' }}>
        {canOpenSettings(c.role) && (
          <Button asChild size="sm" colorPalette="brand" aria-label={t('communities.header.manageSettings')} px={{ base: '2.5', md: '3.5' }}>
            <Link to="/community/$id/settings" params={{ id: String(c.id) }}>
              <Settings aria-hidden /> <LabelFromMd>{t('communities.header.manageSettings')}</LabelFromMd>
            </Link>
          </Button>
        )}
        {canIn(c.role, c, 'invitations.send') && <InviteDialog community={c} />}
        <ShareButton community={c} />
        {/* The creator cannot leave (the server refuses too): they hand the community over first. */}
        {c.role !== 'creator' && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost" colorPalette="red" aria-label={t('communities.header.leave')} px={{ base: '2.5', md: '3.5' }}>
                <LogOut aria-hidden /> <LabelFromMd>{t('communities.header.leave')}</LabelFromMd>
              </Button>
            }
            title={t('communities.header.leaveTitle', { name: c.name })}
            description={c.isPublic ? t('communities.header.leavePublic') : t('communities.header.leavePrivate')}
            confirmLabel={t('communities.header.leaveConfirm')}
            onConfirm={async () => {
              try {
                await leave.mutateAsync({ communityId: c.id });
                notify.success(t('communities.header.left'));
                await refreshCommunities(queryClient);
                await navigate({ to: '/communities' });
              } catch (e) {
                notify.error(t('communities.header.leaveFailed'), errorInfo(e).message);
              }
            }}
          />
        )}
      </HStack>
    </Stack>
  );
}

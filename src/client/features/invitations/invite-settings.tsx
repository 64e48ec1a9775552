import { Switch, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { refreshCommunities, type Community } from '../communities/membership';
import { SectionCard } from '../../components/section-card';

/**
 * Who may invite: leaders always; every member when this is on (permissions.ts GRANTED_BY_SETTING).
 * Saved as soon as it is switched, as the circles setting beside it.
 */
export function InviteSettings({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.communities.update.mutationOptions());
  const [on, setOn] = useState(c.membersInvite);
  async function change(next: boolean) {
    setOn(next);
    try {
      await update.mutateAsync({ communityId: c.id, membersInvite: next });
      notify.success(t('invitations.settings.saved'), t(next ? 'invitations.settings.savedOn' : 'invitations.settings.savedOff'));
      await refreshCommunities(queryClient);
    } catch (error) {
      setOn(!next);
      notify.error(t('invitations.settings.failed'), errorInfo(error).message);
    }
  }
  return (
    <SectionCard id="settings-invitations" title={t('invitations.settings.title')} bodyGap="2">
      <Switch.Root checked={on} onCheckedChange={(e) => void change(e.checked)} disabled={update.isPending} colorPalette="brand" ids={{ hiddenInput: 'membersInvite' }}>
        <Switch.HiddenInput aria-describedby="membersInvite-hint" />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t('invitations.settings.membersInvite')}</Switch.Label>
      </Switch.Root>
      <Text id="membersInvite-hint" fontSize="sm" color="fg.muted">
        {t('invitations.settings.hint')}
      </Text>
    </SectionCard>
  );
}

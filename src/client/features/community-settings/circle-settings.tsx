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
 * Who may start a savings circle: the creator and admins always; every member when this is on.
 * Saved as soon as it is switched (one setting, no form to submit).
 */
export function CircleSettings({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.communities.update.mutationOptions());
  // Shown switched at once; put back if the server refuses.
  const [on, setOn] = useState(c.membersOrganiseCircles);
  async function change(next: boolean) {
    setOn(next);
    try {
      await update.mutateAsync({ communityId: c.id, membersOrganiseCircles: next });
      notify.success(t('communitySettings.circles.saved'), t(next ? 'communitySettings.circles.savedOn' : 'communitySettings.circles.savedOff'));
      await refreshCommunities(queryClient);
    } catch (error) {
      setOn(!next);
      notify.error(t('communitySettings.circles.failed'), errorInfo(error).message);
    }
  }
  return (
    <SectionCard id="settings-circles" title={t('communitySettings.circles.title')} bodyGap="2">
      <Switch.Root checked={on} onCheckedChange={(e) => void change(e.checked)} disabled={update.isPending} colorPalette="brand" ids={{ hiddenInput: 'membersOrganiseCircles' }}>
        <Switch.HiddenInput aria-describedby="membersOrganiseCircles-hint" />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t('communitySettings.circles.membersOrganise')}</Switch.Label>
      </Switch.Root>
      <Text id="membersOrganiseCircles-hint" fontSize="sm" color="fg.muted">
        {t('communitySettings.circles.hint')}
      </Text>
    </SectionCard>
  );
}

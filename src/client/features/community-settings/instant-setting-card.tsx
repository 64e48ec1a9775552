import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { SettingSwitch } from '../../components/setting-switch';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { refreshCommunities, type Community } from '../communities/membership';

/**
 * A community's on/off settings that are saved as soon as they are switched, with their card's
 * id and where their words are in the catalogue:
 * - who may start a savings circle: the creator and admins always; every member when it is on;
 * - who may invite: leaders always; every member when it is on (permissions.ts GRANTED_BY_SETTING).
 */
const INSTANT_SETTINGS = {
  membersOrganiseCircles: { cardId: 'settings-circles', texts: 'communitySettings.circles', label: 'communitySettings.circles.membersOrganise' },
  membersInvite: { cardId: 'settings-invitations', texts: 'invitations.settings', label: 'invitations.settings.membersInvite' },
} as const;
type InstantSetting = keyof typeof INSTANT_SETTINGS;

/**
 * The card of one such setting, holding its switch (one setting, no form to submit): shown
 * switched at once and put back if the server refuses. Its words are the catalogue's
 * `<texts>.title`, `.hint`, `.saved` with `.savedOn` or `.savedOff`, and `.failed`.
 */
export function InstantSettingCard({ community: c, setting }: { community: Community; setting: InstantSetting }) {
  const { t } = useTranslation();
  const { cardId, texts, label } = INSTANT_SETTINGS[setting];
  const queryClient = useQueryClient();
  const update = useMutation(trpc.communities.update.mutationOptions());
  const [on, setOn] = useState(c[setting]);
  async function change(next: boolean) {
    setOn(next);
    try {
      const patch: Partial<Record<InstantSetting, boolean>> = { [setting]: next };
      await update.mutateAsync({ communityId: c.id, ...patch });
      notify.success(t(`${texts}.saved`), t(next ? `${texts}.savedOn` : `${texts}.savedOff`));
      await refreshCommunities(queryClient);
    } catch (error) {
      setOn(!next);
      notify.error(t(`${texts}.failed`), errorInfo(error).message);
    }
  }
  return (
    <SectionCard id={cardId} title={t(`${texts}.title`)} bodyGap="2">
      <SettingSwitch id={setting} label={t(label)} hint={t(`${texts}.hint`)} checked={on} onChange={(next) => void change(next)} disabled={update.isPending} />
    </SectionCard>
  );
}

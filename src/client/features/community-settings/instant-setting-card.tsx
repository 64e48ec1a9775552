import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { SettingSwitch } from '../../components/setting-switch';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { refreshCommunities, type Community } from '../communities/membership';

/** A community's on/off settings that are saved as soon as they are switched, with where their words are in the catalogue. */
type InstantSetting = 'membersOrganiseCircles' | 'membersInvite';
type SettingTexts = 'communitySettings.circles' | 'invitations.settings';

/**
 * A settings card holding one switch, saved as soon as it is switched (one setting, no form to
 * submit): shown switched at once and put back if the server refuses. Its words are the
 * catalogue's `<texts>.title`, `.hint`, `.saved` with `.savedOn` or `.savedOff`, and `.failed`;
 * `label` names the switch.
 */
export function InstantSettingCard({
  community: c,
  setting,
  cardId,
  texts,
  label,
}: {
  community: Community;
  setting: InstantSetting;
  /** The card title's id. */
  cardId: string;
  texts: SettingTexts;
  label: string;
}) {
  const { t } = useTranslation();
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
      <SettingSwitch id={setting} label={label} hint={t(`${texts}.hint`)} checked={on} onChange={(next) => void change(next)} disabled={update.isPending} />
    </SectionCard>
  );
}

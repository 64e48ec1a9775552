import { useTranslation } from 'react-i18next';
import type { Community } from '../communities/membership';
import { InstantSettingCard } from './instant-setting-card';

/**
 * Who may start a savings circle: the creator and admins always; every member when this is on.
 * Saved as soon as it is switched (one setting, no form to submit).
 */
export function CircleSettings({ community }: { community: Community }) {
  const { t } = useTranslation();
  return (
    <InstantSettingCard
      community={community}
      setting="membersOrganiseCircles"
      cardId="settings-circles"
      texts="communitySettings.circles"
      label={t('communitySettings.circles.membersOrganise')}
    />
  );
}

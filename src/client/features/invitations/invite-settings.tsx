import { useTranslation } from 'react-i18next';
import type { Community } from '../communities/membership';
import { InstantSettingCard } from '../community-settings/instant-setting-card';

/**
 * Who may invite: leaders always; every member when this is on (permissions.ts GRANTED_BY_SETTING).
 * Saved as soon as it is switched, as the circles setting beside it.
 */
export function InviteSettings({ community }: { community: Community }) {
  const { t } = useTranslation();
  return (
    <InstantSettingCard
      community={community}
      setting="membersInvite"
      cardId="settings-invitations"
      texts="invitations.settings"
      label={t('invitations.settings.membersInvite')}
    />
  );
}

import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingSwitch } from '../../components/setting-switch';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { currentUserOptions, useSignedInUser } from '../auth/current-user';
import { SectionCard } from '../../components/section-card';

/**
 * Who sees the member's email and phone in their communities' directories: the leaders only
 * (off, the default) or every member of a community they share (on). Saved as soon as switched.
 */
export function ContactPrivacyCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.profile.privacy.mutationOptions());
  const [shared, setShared] = useState(user.contactVisibility === 'members');
  async function change(next: boolean) {
    setShared(next);
    try {
      const updated = await save.mutateAsync({ contactVisibility: next ? 'members' : 'leaders' });
      queryClient.setQueryData(currentUserOptions().queryKey, updated);
      notify.success(t('profile.privacy.saved'), t(next ? 'profile.privacy.savedMembers' : 'profile.privacy.savedLeaders'));
    } catch (error) {
      setShared(!next);
      notify.error(t('profile.privacy.failed'), errorInfo(error).message);
    }
  }
  return (
    <SectionCard id="profile-privacy" title={t('profile.privacy.title')}>
      <Stack gap="1">
        <SettingSwitch id="contactVisibility" checked={shared} onChange={(on) => void change(on)} disabled={save.isPending} label={t('profile.privacy.shareContact')} hint={t('profile.privacy.shareContactHint')} />
      </Stack>
    </SectionCard>
  );
}

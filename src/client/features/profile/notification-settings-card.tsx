import { Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { currentUserOptions, useSignedInUser } from '../auth/current-user';
import { SectionCard } from '../../components/section-card';

/**
 * Which optional notices the member gets, each saved as soon as it is switched. Reminders of
 * events they answered are not optional (they asked for those by answering), so they are not
 * offered here; replies and mentions in discussions are always in the app, by email on request.
 */
type Setting = 'newEvents' | 'discussionsEmail';
const SETTINGS = [
  { key: 'newEvents', id: 'notifyNewEvents', label: 'profile.notices.newEvents', hint: 'profile.notices.newEventsHint', on: 'profile.notices.savedOn', off: 'profile.notices.savedOff' },
  {
    key: 'discussionsEmail',
    id: 'notifyDiscussionsEmail',
    label: 'profile.notices.discussionsEmail',
    hint: 'profile.notices.discussionsEmailHint',
    on: 'profile.notices.discussionsEmailOn',
    off: 'profile.notices.discussionsEmailOff',
  },
] as const;

export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.profile.notifications.mutationOptions());
  // Shown switched at once; put back if the server refuses.
  const [on, setOn] = useState<Record<Setting, boolean>>({ newEvents: user.notifyNewEvents, discussionsEmail: user.notifyDiscussionsEmail });
  async function change(setting: (typeof SETTINGS)[number], next: boolean) {
    setOn((o) => ({ ...o, [setting.key]: next }));
    try {
      const updated = await save.mutateAsync({ [setting.key]: next });
      queryClient.setQueryData(currentUserOptions().queryKey, updated);
      notify.success(t('profile.notices.saved'), t(next ? setting.on : setting.off));
    } catch (error) {
      setOn((o) => ({ ...o, [setting.key]: !next }));
      notify.error(t('profile.notices.failed'), errorInfo(error).message);
    }
  }
  return (
    <SectionCard id="profile-notices" title={t('profile.notices.title')} bodyGap="4">
      {SETTINGS.map((setting) => (
        <Stack key={setting.key} gap="1">
          <Switch.Root checked={on[setting.key]} onCheckedChange={(e) => void change(setting, e.checked)} disabled={save.isPending} colorPalette="brand" ids={{ hiddenInput: setting.id }}>
            <Switch.HiddenInput aria-describedby={`${setting.id}-hint`} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{t(setting.label)}</Switch.Label>
          </Switch.Root>
          <Text id={`${setting.id}-hint`} fontSize="sm" color="fg.muted">
            {t(setting.hint)}
          </Text>
        </Stack>
      ))}
    </SectionCard>
  );
}

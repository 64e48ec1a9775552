import { Card, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { currentUserOptions, useSignedInUser } from '../auth/current-user';

/**
 * Which optional notices the member gets. Saved as soon as it is switched; reminders of events
 * they answered are not optional (they asked for those by answering), so they are not offered here.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.profile.notifications.mutationOptions());
  // Shown switched at once; put back if the server refuses.
  const [on, setOn] = useState(user.notifyNewEvents);
  async function change(next: boolean) {
    setOn(next);
    try {
      const updated = await save.mutateAsync({ newEvents: next });
      queryClient.setQueryData(currentUserOptions().queryKey, updated);
      notify.success(t('profile.notices.saved'), t(next ? 'profile.notices.savedOn' : 'profile.notices.savedOff'));
    } catch (error) {
      setOn(!next);
      notify.error(t('profile.notices.failed'), errorInfo(error).message);
    }
  }
  return (
    <Card.Root as="section" aria-labelledby="profile-notices">
      <Card.Header>
        <Card.Title as="h2" id="profile-notices">
          {t('profile.notices.title')}
        </Card.Title>
      </Card.Header>
      <Card.Body gap="2">
        <Switch.Root checked={on} onCheckedChange={(e) => void change(e.checked)} disabled={save.isPending} colorPalette="brand" ids={{ hiddenInput: 'notifyNewEvents' }}>
          <Switch.HiddenInput aria-describedby="notifyNewEvents-hint" />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('profile.notices.newEvents')}</Switch.Label>
        </Switch.Root>
        <Text id="notifyNewEvents-hint" fontSize="sm" color="fg.muted">
          {t('profile.notices.newEventsHint')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

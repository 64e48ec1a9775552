import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingSwitch } from '../../components/setting-switch';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { currentUserOptions, useSignedInUser } from '../auth/current-user';
import { myRecognitionsQuery } from './queries';
import { RecognitionsCard } from './recognitions-card';

/** The profile's recognitions, and the member's choice to show them to others or keep them to themselves. */
export function RecognitionsProfileCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.recognitions.setVisibility.mutationOptions());
  const [show, setShow] = useState(user.showRecognitions);
  async function change(next: boolean) {
    setShow(next);
    try {
      await save.mutateAsync({ show: next });
      queryClient.setQueryData(currentUserOptions().queryKey, (u) => (u ? { ...u, showRecognitions: next } : u));
      void queryClient.invalidateQueries({ queryKey: myRecognitionsQuery().queryKey });
      notify.success(t('recognitions.saved'), t('recognitions.show'));
    } catch (error) {
      setShow(!next);
      notify.error(t('recognitions.saveFailed'), errorInfo(error).message);
    }
  }
  return (
    <Stack gap="3">
      <RecognitionsCard heading="profile" />
      <Stack gap="1" px={{ base: '0', md: '2' }}>
        <SettingSwitch id="showRecognitions" checked={show} onChange={(on) => void change(on)} disabled={save.isPending} label={t('recognitions.show')} hint={t('recognitions.showHelp')} />
      </Stack>
    </Stack>
  );
}

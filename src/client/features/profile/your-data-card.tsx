import { Button, Checkbox, Field, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { PasswordInput } from '../../components/password-input';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { DialogForm } from '../../components/dialog-form';
import { SectionCard } from '../../components/section-card';

/**
 * The member's own data: download it (everything as JSON, the money records as CSV, both from
 * the authorised REST paths with the session cookie) or delete the account, with the password
 * asked again and what stays said plainly. A creator or a circle organiser sees what to hand
 * over first instead of a button that would only be refused.
 */
export function YourDataCard() {
  const { t } = useTranslation();
  const blockers = useQuery(trpc.account.deletionBlockers.queryOptions());
  // Each kind of blocker (communities created, circles organised) lists what to hand over first.
  const blocking = Object.values(blockers.data ?? {}).flat();
  const blocked = blocking.length > 0;
  return (
    <SectionCard id="profile-data" title={t('profile.data.title')} bodyGap="4">
      <Text fontSize="sm" color="fg.muted">
        {t('profile.data.intro')}
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline">
          <a href="/api/user/export" download>
            <Download aria-hidden /> {t('profile.data.downloadAll')}
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href="/api/user/export/money.csv" download>
            <Download aria-hidden /> {t('profile.data.downloadMoney')}
          </a>
        </Button>
      </HStack>
      {blocked ? (
        <Stack gap="1" data-testid="delete-blockers">
          <Text fontSize="sm">{t('profile.data.handOverFirst')}</Text>
          <List.Root fontSize="sm" ps="5">
            {blocking.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List.Root>
        </Stack>
      ) : (
        <FormDialog
          title={t('profile.data.deleteTitle')}
          trigger={
            <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" disabled={blockers.isPending}>
              <Trash2 aria-hidden /> {t('profile.data.delete')}
            </Button>
          }
        >
          {(close) => <DeleteAccountForm close={close} />}
        </FormDialog>
      )}
    </SectionCard>
  );
}

function DeleteAccountForm({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [removePosts, setRemovePosts] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(trpc.account.delete.mutationOptions());
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ password, removePosts });
      notify.success(t('profile.data.deleted'), t('profile.data.deletedBody'));
      // The session is gone: a full navigation leaves no signed-in state behind.
      window.location.assign('/');
    } catch (err) {
      setError(errorInfo(err).message);
    }
  }
  return (
    <DialogForm onSubmit={submit} onCancel={close} submitLabel={t('profile.data.deleteConfirm')} busy={remove.isPending} destructive disabled={!password}>
      <Text>{t('profile.data.deleteWhat')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('profile.data.deleteKept')}
      </Text>
      <Checkbox.Root checked={removePosts} onCheckedChange={(d) => setRemovePosts(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('profile.data.removePosts')}</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root invalid={!!error} required>
        <Field.Label>{t('profile.data.password')}</Field.Label>
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} name="password" />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </DialogForm>
  );
}

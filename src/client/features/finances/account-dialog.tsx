import { Input } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { accountInput } from '@shared/schemas/finances';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { refreshFinances } from './queries';
import { ACCOUNT_KINDS, ACCOUNT_KIND_KEY } from './labels';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

const accountForm = accountInput.omit({ communityId: true, holderId: true });

/** "Add account": a cash box, a mobile money wallet or a bank account the community's money sits in. */
export function AccountDialog({ communityId, trigger }: { communityId: number; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('finances.accounts.title')} trigger={trigger}>
      {(close) => <AccountForm communityId={communityId} onDone={close} />}
    </FormDialog>
  );
}

function AccountForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(accountForm, { name: '', kind: 'mobile' });
  const create = useMutation(trpc.finances.createAccount.mutationOptions());
  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    try {
      await create.mutateAsync({ communityId, ...data });
      notify.success(t('finances.accounts.added'));
      await refreshFinances(queryClient);
      onDone();
    } catch (error) {
      notify.error(t('finances.accounts.failed'), form.applyServerError(error).message);
    }
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('finances.accounts.submit')} busy={create.isPending} busyLabel={t('finances.form.saving')}>
      <FormField name="name" label={t('finances.accounts.name')} error={form.errors.name} helper={t('finances.accounts.nameHelp')} required>
        <Input {...form.field('name')} maxLength={60} />
      </FormField>
      <FormField name="kind" label={t('finances.accounts.kind')} error={form.errors.kind}>
        <Select {...form.field('kind')} options={ACCOUNT_KINDS.map((k) => ({ value: k, label: t(ACCOUNT_KIND_KEY[k]) }))} />
      </FormField>
    </DialogForm>
  );
}

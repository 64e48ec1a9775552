import { Input } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountInput } from '@shared/schemas/finances';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { ACCOUNT_KINDS, ACCOUNT_KIND_KEY } from './labels';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';
import { useBooksAction } from './use-books-action';

const accountForm = accountInput.omit({ communityId: true, holderId: true });

/** "Add account": a cash box, a mobile money wallet or a bank account the community's money sits in. */
export const AccountDialog = formDialog(AccountForm, (t) => t('finances.accounts.title'));

function AccountForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useBooksAction();
  const form = useZodForm(accountForm, { name: '', kind: 'mobile' });
  const create = useMutation(trpc.finances.createAccount.mutationOptions());
  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    if (await act(() => create.mutateAsync({ communityId, ...data }), t('finances.accounts.failed'), t('finances.accounts.added'), form.applyServerError)) onDone();
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

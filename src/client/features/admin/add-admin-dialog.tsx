import { Input, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { PasswordInput } from '../../components/password-input';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { createAdminForm, splitName } from '@shared/schemas/admin';
import { trpc } from '../../trpc';
import { DialogForm } from '../../components/dialog-form';
import { ButtonWithIcon } from '../../components/button-with-icon';

/**
 * "Add admin": a button that opens the form in a dialog, so the users table stays where it is.
 * Creates a staff account with role admin; the one name field is split at the first space into
 * first and last name. Shown to those who manage staff.
 */
export function AddAdminButton() {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('admin.createAdmin.title')}
      size="md"
      trigger={<ButtonWithIcon icon={Plus} colorPalette="brand" data-testid="add-admin">{t('admin.createAdmin.open')}</ButtonWithIcon>}
    >
      {(close) => <CreateAdminForm onDone={close} />}
    </FormDialog>
  );
}

function CreateAdminForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(createAdminForm, { name: '', email: '', password: '' });
  const create = useMutation(trpc.admin.createAdmin.mutationOptions());
  const onSubmit = form.submit(t('admin.createAdmin.failed'), async (data) => {
    try {
      const user = await create.mutateAsync({ ...splitName(data.name), email: data.email, password: data.password, role: 'admin' });
      notify.success(t('admin.createAdmin.created'), user.email);
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      onDone();
    } catch (error) {
      notify.error(t('admin.createAdmin.failed'), form.applyServerError(error).message || t('admin.createAdmin.failedFallback'));
    }
  });
  return (
    <DialogForm
      onSubmit={(e) => void onSubmit(e)}
      onCancel={onDone}
      submitLabel={t('admin.createAdmin.submit')}
      busy={create.isPending}
      busyLabel={t('admin.createAdmin.submitting')}
      testId="create-admin-form"
    >
      <Text fontSize="sm" color="fg.muted">
        {t('admin.createAdmin.description')}
      </Text>
      <FormField name="name" label={t('admin.createAdmin.name')} error={form.errors.name}>
        <Input {...form.field('name')} autoComplete="off" />
      </FormField>
      <FormField name="email" label={t('admin.createAdmin.email')} error={form.errors.email}>
        <Input {...form.field('email')} type="email" autoComplete="off" />
      </FormField>
      <FormField name="password" label={t('admin.createAdmin.password')} error={form.errors.password}>
        <PasswordInput {...form.field('password')} autoComplete="new-password" />
      </FormField>
    </DialogForm>
  );
}

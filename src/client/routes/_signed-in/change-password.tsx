import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { PasswordInput } from '../../components/password-input';
import { NewPasswordFields } from '../../components/new-password-fields';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { ERROR_TITLES, changePasswordForm } from '@shared/schemas/auth';
import type { MessageKey } from '@shared/i18n/catalogue';
import { trpc } from '../../trpc';

// Reads nothing but the user, whom the layout's guard has already loaded: no loader.
export const Route = createFileRoute('/_signed-in/change-password')({ component: ChangePassword });

function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(changePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useMutation(trpc.auth.changePassword.mutationOptions());

  const onSubmit = form.submit((key) => t((ERROR_TITLES[key] ?? 'auth.checkForm') as MessageKey), async (data) => {
    try {
      await change.mutateAsync({ currentPassword: data.currentPassword, newPassword: data.newPassword });
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error(t('auth.changePassword.failed'), info.message);
    }
    notify.success(t('auth.changePassword.done'), t('auth.changePassword.doneBody'));
    await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    await navigate({ to: '/profile' });
  });

  return (
    <AuthCard title={t('auth.changePassword.title')} subtitle={t('auth.changePassword.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField name="currentPassword" label={t('auth.fields.currentPassword')} error={form.errors.currentPassword}>
            <PasswordInput {...form.field('currentPassword')} autoComplete="current-password" />
          </FormField>
          <NewPasswordFields form={form} name="newPassword" label={t('auth.fields.newPassword')} confirmLabel={t('auth.fields.confirmNewPassword')} />
          <HStack justify="flex-end" gap="3">
            <Button asChild variant="ghost">
              <Link to="/profile">{t('common.cancel')}</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={change.isPending} loadingText={t('auth.changePassword.saving')}>
              {t('auth.changePassword.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthCard>
  );
}

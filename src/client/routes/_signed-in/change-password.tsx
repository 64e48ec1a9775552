import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { PasswordInput } from '../../components/password-input';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { ERROR_TITLES, changePasswordForm } from '../../../shared/schemas/auth';
import { trpc } from '../../trpc';

// Reads nothing but the user, whom the layout's guard has already loaded: no loader.
export const Route = createFileRoute('/_signed-in/change-password')({ component: ChangePassword });

function ChangePassword() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(changePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useMutation(trpc.auth.changePassword.mutationOptions());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(ERROR_TITLES[checked.error] ?? 'Please check the form', checked.error);
    try {
      await change.mutateAsync({ currentPassword: checked.data.currentPassword, newPassword: checked.data.newPassword });
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error('Failed to change password', info.message);
    }
    notify.success('Password changed', 'Your other devices have been signed out.');
    await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    await navigate({ to: '/profile' });
  }

  return (
    <AuthCard title="Change password" subtitle="Other devices are signed out when you change it.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField name="currentPassword" label="Current password" error={form.errors.currentPassword}>
            <PasswordInput {...form.field('currentPassword')} autoComplete="current-password" />
          </FormField>
          <FormField name="newPassword" label="New password" error={form.errors.newPassword}>
            <PasswordInput {...form.field('newPassword')} autoComplete="new-password" />
            <PasswordStrengthMeter password={form.values.newPassword ?? ''} />
          </FormField>
          <FormField name="confirmPassword" label="Confirm new password" error={form.errors.confirmPassword}>
            <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
          </FormField>
          <HStack justify="flex-end" gap="3">
            <Button asChild variant="ghost">
              <Link to="/profile">Cancel</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={change.isPending} loadingText="Saving...">
              Change password
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { ResultView } from '../components/result-view';
import { notify } from '../components/toaster';
import { errorInfo } from '../lib/errors';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, resetPasswordForm } from '../../shared/schemas/auth';
import { trpc } from '../trpc';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: ResetPassword,
});

const EXPIRED = 'This password reset link has expired. Please request a new one.';

function ResetPassword() {
  const { token } = Route.useSearch();
  const [outcome, setOutcome] = useState<'form' | 'expired' | 'done'>('form');
  const form = useZodForm(resetPasswordForm, { password: '', confirmPassword: '' });
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  if (!token) {
    return (
      <ResultView
        status="error"
        title="Invalid reset link"
        message="This password reset link is invalid or has expired."
        action={{ label: 'Request a new link', to: '/forgot-password' }}
      />
    );
  }
  if (outcome === 'expired') {
    return <ResultView status="error" title="Link expired" message={EXPIRED} action={{ label: 'Request a new link', to: '/forgot-password' }} />;
  }
  if (outcome === 'done') {
    return (
      <ResultView
        status="success"
        title="Password updated"
        message="Your password has been changed and you have been signed out everywhere."
        action={{ label: 'Sign in with new password', to: '/signin' }}
      />
    );
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(ERROR_TITLES[checked.error] ?? 'Please check the form', checked.error);
    try {
      await reset.mutateAsync({ token: token!, password: checked.data.password });
      setOutcome('done');
    } catch (error) {
      const info = errorInfo(error);
      if (info.status === 401) {
        notify.error('Link expired', EXPIRED);
        return setOutcome('expired');
      }
      form.applyServerError(error);
      notify.error('Error', info.message || 'Failed to reset password');
    }
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Use at least 8 characters; a mix of cases, digits and symbols is stronger.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField name="password" label="New password" error={form.errors.password}>
            <PasswordInput {...form.field('password')} autoComplete="new-password" />
            <PasswordStrengthMeter password={form.values.password ?? ''} />
          </FormField>
          <FormField name="confirmPassword" label="Confirm new password" error={form.errors.confirmPassword}>
            <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={reset.isPending} loadingText="Saving...">
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

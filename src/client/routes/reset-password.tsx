import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { ResultView } from '../components/result-view';
import { notify } from '../components/toaster';
import { errorInfo } from '../lib/errors';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, resetPasswordForm } from '@shared/schemas/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { MessageKey } from '@shared/i18n/catalogue';
import { trpc } from '../trpc';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: ResetPassword,
});

function ResetPassword() {
  const { t } = useTranslation();
  const { token } = Route.useSearch();
  const [outcome, setOutcome] = useState<'form' | 'expired' | 'done'>('form');
  const form = useZodForm(resetPasswordForm, { password: '', confirmPassword: '' });
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  if (!token) {
    return (
      <ResultView
        status="error"
        title={t('auth.reset.invalidTitle')}
        message={t('auth.reset.invalidBody')}
        action={{ label: t('auth.reset.requestNew'), to: '/forgot-password' }}
      />
    );
  }
  if (outcome === 'expired') {
    return (
      <ResultView
        status="error"
        title={t('auth.reset.expiredTitle')}
        message={t('errors.auth.resetExpired')}
        action={{ label: t('auth.reset.requestNew'), to: '/forgot-password' }}
      />
    );
  }
  if (outcome === 'done') {
    return (
      <ResultView
        status="success"
        title={t('auth.reset.doneTitle')}
        message={t('auth.reset.doneBody')}
        action={{ label: t('auth.reset.signInAgain'), to: '/signin' }}
      />
    );
  }

  const onSubmit = form.submit((key) => t((ERROR_TITLES[key] ?? 'auth.checkForm') as MessageKey), async (data) => {
    try {
      await reset.mutateAsync({ token: token!, password: data.password });
      setOutcome('done');
    } catch (error) {
      const info = errorInfo(error);
      if (info.status === 401) {
        notify.error(t('auth.reset.expiredTitle'), t('errors.auth.resetExpired'));
        return setOutcome('expired');
      }
      form.applyServerError(error);
      notify.error(t('auth.reset.error'), info.message || t('auth.reset.failed'));
    }
  });

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { min: PASSWORD_MIN_LENGTH })}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField name="password" label={t('auth.fields.newPassword')} error={form.errors.password}>
            <PasswordInput {...form.field('password')} autoComplete="new-password" />
            <PasswordStrengthMeter password={form.values.password ?? ''} />
          </FormField>
          <FormField name="confirmPassword" label={t('auth.fields.confirmNewPassword')} error={form.errors.confirmPassword}>
            <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={reset.isPending} loadingText={t('auth.reset.saving')}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

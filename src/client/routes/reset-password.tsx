import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { ResultView } from '../components/result-view';
import { notify } from '../components/toaster';
import { errorInfo } from '../lib/errors';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, resetPasswordForm } from '@shared/schemas/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { MessageKey } from '@shared/i18n/catalogue';
import { trpc } from '../trpc';
import { PageForm } from '../components/page-form';

/** What the page says instead of the form: a link without its token, an expired one, or the new password saved. */
const OUTCOMES = {
  invalid: { status: 'error', title: 'auth.reset.invalidTitle', message: 'auth.reset.invalidBody', action: 'auth.reset.requestNew', to: '/forgot-password' },
  expired: { status: 'error', title: 'auth.reset.expiredTitle', message: 'errors.auth.resetExpired', action: 'auth.reset.requestNew', to: '/forgot-password' },
  done: { status: 'success', title: 'auth.reset.doneTitle', message: 'auth.reset.doneBody', action: 'auth.reset.signInAgain', to: '/signin' },
} as const satisfies Record<string, { status: 'error' | 'success'; title: MessageKey; message: MessageKey; action: MessageKey; to: string }>;

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

  const shown = token ? outcome : 'invalid';
  if (shown !== 'form') {
    const o = OUTCOMES[shown];
    return <ResultView status={o.status} title={t(o.title)} message={t(o.message)} action={{ label: t(o.action), to: o.to }} />;
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
      <PageForm onSubmit={onSubmit} submitLabel={t('auth.reset.submit')} busy={reset.isPending} busyLabel={t('auth.reset.saving')}>
        <NewPasswordFields form={form} name="password" label={t('auth.fields.newPassword')} confirmLabel={t('auth.fields.confirmNewPassword')} />
      </PageForm>
    </AuthCard>
  );
}

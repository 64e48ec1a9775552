import { Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard, AuthLink } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { TermsModal } from '../components/terms-modal';
import { notify } from '../components/toaster';
import { currentUserOptions } from '../features/auth/current-user';
import { SecondStepForm } from '../features/second-factor/second-step';
import { safeRedirect } from '../lib/safe-redirect';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, loginInput } from '@shared/schemas/auth';
import { SESSION_CHECK_RETRY_MS } from '@shared/constants';
import type { MessageKey } from '@shared/i18n/catalogue';
import { trpc } from '../trpc';
import { PageForm } from '../components/page-form';

export const Route = createFileRoute('/signin')({
  // ?email= comes from sign-up: the form starts with the address and the cursor in the password.
  validateSearch: (s: Record<string, unknown>): { redirect?: string; email?: string } => ({
    ...(typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
    ...(typeof s.email === 'string' && s.email.length <= 254 ? { email: s.email } : {}),
  }),
  component: SignIn,
});

const LOGIN_MESSAGES: Record<number, MessageKey> = {
  401: 'errors.auth.invalidCredentials',
  404: 'auth.signIn.accountNotFound',
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function SignIn() {
  const { t } = useTranslation();
  const { redirect, email: carried } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(loginInput, { email: carried ?? '', password: '' });
  const login = useMutation(trpc.auth.login.mutationOptions());
  // Set when the password was right and the account asks for its second factor.
  const [challenge, setChallenge] = useState<string | null>(null);

  /** Before leaving, make sure the session cookie took: the current-user call must answer with the user (one retry after 1 s). */
  async function confirmSession(): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) await wait(SESSION_CHECK_RETRY_MS);
      const user = await queryClient.fetchQuery({ ...currentUserOptions(), staleTime: 0, retry: false });
      if (user) return true;
    }
    return false;
  }

  const onSubmit = form.submit((key) => t((ERROR_TITLES[key] ?? 'auth.signIn.failed') as MessageKey), async (data) => {
    let result;
    try {
      result = await login.mutateAsync(data);
    } catch (error) {
      const info = form.applyServerError(error);
      const known = info.status ? LOGIN_MESSAGES[info.status] : undefined;
      return notify.error(t('auth.signIn.failed'), known ? t(known) : info.message || t('auth.signIn.failed'));
    }
    if ('secondFactorRequired' in result) return setChallenge(result.challenge);
    await finish(result.mustChangePassword, result.firstVisit);
  });

  async function finish(mustChange: boolean, firstVisit: boolean) {
    notify.success(t(firstVisit ? 'auth.signIn.welcomeFirst' : 'auth.signIn.welcome'), t('auth.signIn.welcomeBody'));
    try {
      if (!(await confirmSession())) {
        return notify.error(t('auth.signIn.sessionIssue'), t('auth.signIn.sessionIssueBody'));
      }
    } catch {
      /* the check itself failed: go on, the dashboard will ask again */
    }
    await navigate({ to: mustChange ? '/change-password' : safeRedirect(redirect) });
  }

  return (
    <AuthCard
      title={t(carried ? 'auth.signIn.titleAfterSignUp' : 'auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      footer={
        <>
          <Text fontSize="sm" textAlign="center">
            <Trans i18nKey="auth.signIn.noAccount" components={{ go: <AuthLink to="/signup" /> }} />
          </Text>
          <Text fontSize="sm" textAlign="center">
            <ChakraLink asChild variant="underline" color="brand.fg">
              <Link to="/">{t('auth.signIn.learnMore')}</Link>
            </ChakraLink>
          </Text>
          <Text fontSize="xs" textAlign="center" color="fg.muted">
            <Trans i18nKey="auth.signIn.agreeTerms" components={{ terms: <TermsModal /> }} />
          </Text>
        </>
      }
    >
      {challenge ? (
        <SecondStepForm challenge={challenge} onSignedIn={(user) => finish(user.mustChangePassword, user.firstVisit)} onRestart={() => setChallenge(null)} />
      ) : (
        <PageForm onSubmit={onSubmit} submitLabel={t('auth.signIn.submit')} busy={login.isPending} busyLabel={t('auth.signIn.submitting')}>
          <FormField name="email" label={t('auth.fields.email')} error={form.errors.email}>
            <Input {...form.field('email')} type="email" autoComplete="email" placeholder={t('auth.fields.emailPlaceholder')} />
          </FormField>
          <FormField name="password" label={t('auth.fields.password')} error={form.errors.password}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- arriving from sign-up, the address is filled in and the password is what is left */}
            <PasswordInput {...form.field('password')} autoComplete="current-password" autoFocus={!!carried} />
          </FormField>
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" color="brand.fg">
            <Link to="/forgot-password">{t('auth.signIn.forgot')}</Link>
          </ChakraLink>
        </PageForm>
      )}
    </AuthCard>
  );
}

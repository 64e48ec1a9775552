import { Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { PasswordInput } from '../../components/password-input';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import type { CurrentUser } from '../../features/auth/current-user';
import { SecondStepForm } from '../../features/second-factor/second-step';
import { loginInput } from '@shared/schemas/auth';
import { trpc } from '../../trpc';
import { PageForm } from '../../components/page-form';

export const Route = createFileRoute('/admin/login')({ component: AdminLogin });

function AdminLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(loginInput, { email: '', password: '' });
  const login = useMutation(trpc.admin.login.mutationOptions());
  // Set when the password was right and the account asks for its second factor.
  const [challenge, setChallenge] = useState<string | null>(null);
  /**
   * Staff must have a second factor: one who signs in with the password alone has yet to set it up,
   * and the panel asks for that first, so the welcome waits for it (the set-up says it).
   */
  async function enter(user: CurrentUser, secondFactorDone: boolean) {
    queryClient.setQueryData(trpc.auth.me.queryKey(), user);
    if (secondFactorDone) notify.success(t('admin.login.welcome'), t('admin.login.welcomeText'));
    await navigate({ to: user.mustChangePassword ? '/change-password' : '/admin/dashboard' });
  }
  const onSubmit = form.submit(t('admin.login.failed'), async (data) => {
    try {
      const result = await login.mutateAsync(data);
      if ('secondFactorRequired' in result) return setChallenge(result.challenge);
      await enter(result, false);
    } catch (error) {
      notify.error(t('admin.login.failed'), form.applyServerError(error).message || t('admin.login.failedFallback'));
    }
  });
  return (
    <AuthCard
      title={t('admin.login.title')}
      subtitle={t('admin.login.subtitle')}
      footer={
        <Text fontSize="sm" textAlign="center">
          <ChakraLink asChild color="brand.fg">
            <Link to="/">{t('admin.login.backToSite')}</Link>
          </ChakraLink>
        </Text>
      }
    >
      {challenge ? (
        <SecondStepForm challenge={challenge} onSignedIn={(user) => enter(user, true)} onRestart={() => setChallenge(null)} />
      ) : (
        <PageForm onSubmit={onSubmit} submitLabel={t('admin.login.submit')} busy={login.isPending} busyLabel={t('admin.login.submitting')}>
          <FormField name="email" label={t('admin.login.email')} error={form.errors.email}>
            <Input {...form.field('email')} type="email" autoComplete="username" />
          </FormField>
          <FormField name="password" label={t('admin.login.password')} error={form.errors.password}>
            <PasswordInput {...form.field('password')} autoComplete="current-password" />
          </FormField>
        </PageForm>
      )}
    </AuthCard>
  );
}

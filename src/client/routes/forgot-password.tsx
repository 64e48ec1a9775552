import { Alert, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { notify } from '../components/toaster';
import { errorInfo } from '../lib/errors';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, forgotPasswordInput } from '@shared/schemas/auth';
import type { MessageKey } from '@shared/i18n/catalogue';
import { trpc } from '../trpc';
import { PageForm } from '../components/page-form';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPassword });

function ForgotPassword() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useZodForm(forgotPasswordInput, { email: '' });
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());

  const onSubmit = form.submit((key) => t((ERROR_TITLES[key] ?? 'auth.errorTitles.emailRequired') as MessageKey), async (data) => {
    // The confirmation shows whatever happened, so the page never tells who has an account; only
    // "too many requests from this connection" (which says nothing about accounts) is shown as such.
    const tooMany = await forgot.mutateAsync(data).then(
      () => null,
      (error: unknown) => (errorInfo(error).status === 429 ? errorInfo(error).message : null),
    );
    if (tooMany) return notify.error(t('auth.forgot.failed'), tooMany);
    notify.info(t('auth.forgot.sentTitle'), t('notices.forgotPassword'));
    setSent(true);
  });

  const backToSignIn = (
    <ChakraLink asChild variant="underline" color="brand.fg" alignSelf="center" fontSize="sm">
      <Link to="/signin">{t('auth.forgot.back')}</Link>
    </ChakraLink>
  );

  if (sent) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')} footer={backToSignIn}>
        <Stack gap="3" role="status">
          <Text>{t('notices.forgotPassword')}</Text>
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>{t('auth.forgot.expiry')}</Alert.Description>
          </Alert.Root>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={backToSignIn}>
      <PageForm onSubmit={onSubmit} submitLabel={t('auth.forgot.submit')} busy={forgot.isPending} busyLabel={t('auth.forgot.sending')}>
        <FormField name="email" label={t('auth.fields.email')} error={form.errors.email}>
          <Input {...form.field('email')} type="email" autoComplete="email" />
        </FormField>
      </PageForm>
    </AuthCard>
  );
}

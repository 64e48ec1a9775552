import { Button, Checkbox, HStack, Input, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard, AuthLink } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { TermsModal } from '../components/terms-modal';
import { notify } from '../components/toaster';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, registerForm } from '../../shared/schemas/auth';
import type { MessageKey } from '../../shared/i18n/catalogue';
import { trpc } from '../trpc';

export const Route = createFileRoute('/signup')({ component: SignUp });

function SignUp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(registerForm, { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const register = useMutation(trpc.auth.register.mutationOptions());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(t((ERROR_TITLES[checked.errorKey] ?? 'auth.checkForm') as MessageKey), checked.error);
    const { acceptTerms: _, ...payload } = checked.data;
    try {
      await register.mutateAsync(payload);
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error(
        t('auth.signUp.failed'),
        info.status === 409 ? t('errors.auth.duplicateEmail') : info.message || t('auth.signUp.failed'),
      );
    }
    notify.success(t('auth.signUp.created'), t('auth.signUp.createdBody', { email: payload.email }));
    await navigate({ to: '/signin' });
  }

  const comingSoon = (provider: string) => notify.info(t('auth.signUp.providerSoon'), t('auth.signUp.providerSoonBody', { provider }));

  return (
    <AuthCard
      title={t('auth.signUp.title')}
      subtitle={t('auth.signUp.subtitle')}
      footer={
        <Text fontSize="sm" textAlign="center">
          <Trans i18nKey="auth.signUp.haveAccount" components={{ go: <AuthLink to="/signin" /> }} />
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="firstName" label={t('auth.fields.firstName')} error={form.errors.firstName}>
              <Input {...form.field('firstName')} autoComplete="given-name" />
            </FormField>
            <FormField name="lastName" label={t('auth.fields.lastName')} error={form.errors.lastName}>
              <Input {...form.field('lastName')} autoComplete="family-name" />
            </FormField>
          </SimpleGrid>
          <FormField name="email" label={t('auth.fields.email')} error={form.errors.email}>
            <Input {...form.field('email')} type="email" autoComplete="email" placeholder={t('auth.fields.emailPlaceholder')} />
          </FormField>
          <FormField name="password" label={t('auth.fields.password')} error={form.errors.password}>
            <PasswordInput {...form.field('password')} autoComplete="new-password" />
            <PasswordStrengthMeter password={form.values.password ?? ''} />
          </FormField>
          <FormField name="confirmPassword" label={t('auth.fields.confirmPassword')} error={form.errors.confirmPassword}>
            <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
          </FormField>
          <Stack gap="1">
            <Checkbox.Root
              ids={{ hiddenInput: 'acceptTerms' }}
              checked={!!form.values.acceptTerms}
              onCheckedChange={(e) => form.setValue('acceptTerms', e.checked === true)}
              invalid={!!form.errors.acceptTerms}
              colorPalette="brand"
            >
              <Checkbox.HiddenInput aria-describedby={form.errors.acceptTerms ? 'acceptTerms-error' : undefined} />
              <Checkbox.Control />
              <Checkbox.Label>{t('auth.signUp.acceptTerms')}</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" ps="7">
              <Trans i18nKey="auth.signUp.readTerms" components={{ terms: <TermsModal /> }} />
            </Text>
            {form.errors.acceptTerms && (
              <Text id="acceptTerms-error" fontSize="sm" color="fg.error">
                {form.errors.acceptTerms}
              </Text>
            )}
          </Stack>
          <Button type="submit" colorPalette="brand" loading={register.isPending} loadingText={t('auth.signUp.submitting')}>
            {t('auth.signUp.submit')}
          </Button>
          <HStack>
            <Separator flex="1" />
            <Text fontSize="xs" color="fg.muted">
              {t('auth.signUp.or')}
            </Text>
            <Separator flex="1" />
          </HStack>
          <SimpleGrid columns={2} gap="3">
            <Button variant="outline" type="button" onClick={() => comingSoon('Google')}>
              {t('auth.signUp.google')}
            </Button>
            <Button variant="outline" type="button" onClick={() => comingSoon('Apple')}>
              {t('auth.signUp.apple')}
            </Button>
          </SimpleGrid>
        </Stack>
      </form>
    </AuthCard>
  );
}

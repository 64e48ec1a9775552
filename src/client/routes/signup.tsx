import { Alert, Checkbox, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard, AuthLink } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { TermsModal } from '../components/terms-modal';
import { notify } from '../components/toaster';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, registerForm } from '@shared/schemas/auth';
import type { MessageKey } from '@shared/i18n/catalogue';
import { ensureAppTexts } from '../i18n';
import { trpc } from '../trpc';
import { PageForm } from '../components/page-form';

export const Route = createFileRoute('/signup')({
  // ?invite=<token>: signing up from an invitation joins its community at once.
  validateSearch: (s: Record<string, unknown>): { invite?: string } => (typeof s.invite === 'string' ? { invite: s.invite } : {}),
  // The invitation's texts are the app's (src/shared/i18n/parts.ts), not the public page's.
  beforeLoad: ({ search }) => (search.invite ? ensureAppTexts() : undefined),
  component: SignUp,
});

function SignUp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { invite } = Route.useSearch();
  const invitation = useQuery(trpc.invitations.preview.queryOptions({ token: invite ?? '' }, { enabled: !!invite, retry: false }));
  const invited = invitation.data?.valid ? invitation.data : null;
  const form = useZodForm(registerForm, { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const invitedEmail = invited?.email ?? null;
  // An email invitation is for its own address: filled in (still editable) once the preview arrives.
  useEffect(() => {
    if (invitedEmail && !form.values.email) form.setValue('email', invitedEmail);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invitedEmail]);
  const register = useMutation(trpc.auth.register.mutationOptions());

  const onSubmit = form.submit((key) => t((ERROR_TITLES[key] ?? 'auth.checkForm') as MessageKey), async (data) => {
    const { acceptTerms: _, ...payload } = data;
    try {
      await register.mutateAsync({ ...payload, invite: invited ? invite : undefined });
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error(t('auth.signUp.failed'), info.message || t('auth.signUp.failed'));
    }
    // The server answers alike whether the address is new or already has an account (then its
    // owner is emailed instead), so this page says the same either way: the email tells the rest.
    if (invited) {
      notify.success(t('auth.signUp.checkEmail'), t('invitations.signup.checkEmailBody', { email: payload.email, community: invited.community.name }));
      // A new account has joined already, so signing in lands in the community; an email invitation
      // to another address than the one typed joins nobody, and its page says what to do.
      const elsewhere = !!invited.email && invited.email !== payload.email.trim().toLowerCase();
      return navigate({ to: '/signin', search: { redirect: elsewhere ? `/invite/${invite}` : `/community/${invited.community.id}`, email: payload.email } });
    }
    notify.success(t('auth.signUp.checkEmail'), t('auth.signUp.checkEmailBody', { email: payload.email }));
    // The address typed here goes with the person to the sign-in form, which waits on the password.
    await navigate({ to: '/signin', search: { email: payload.email } });
  });

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
      <PageForm onSubmit={onSubmit} submitLabel={t('auth.signUp.submit')} busy={register.isPending} busyLabel={t('auth.signUp.submitting')}>
        {invited && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('invitations.signup.joining', { community: invited.community.name })}</Alert.Title>
          </Alert.Root>
        )}
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
        <NewPasswordFields form={form} name="password" label={t('auth.fields.password')} confirmLabel={t('auth.fields.confirmPassword')} />
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
      </PageForm>
    </AuthCard>
  );
}

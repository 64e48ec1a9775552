import { Button, Checkbox, HStack, Input, Link as ChakraLink, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { TermsModal } from '../components/terms-modal';
import { notify } from '../components/toaster';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, registerForm } from '../../shared/schemas/auth';
import { trpc } from '../trpc';

export const Route = createFileRoute('/signup')({ component: SignUp });

function SignUp() {
  const navigate = useNavigate();
  const form = useZodForm(registerForm, { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const register = useMutation(trpc.auth.register.mutationOptions());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(ERROR_TITLES[checked.error] ?? 'Please check the form', checked.error);
    const { acceptTerms: _, ...payload } = checked.data;
    try {
      await register.mutateAsync(payload);
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error(
        'Registration failed',
        info.status === 409 ? 'An account with this email already exists. Please sign in instead.' : info.message || 'Registration failed',
      );
    }
    notify.success('Account created', `We sent a verification link to ${payload.email}. You can sign in now.`);
    await navigate({ to: '/signin' });
  }

  const comingSoon = (provider: string) => notify.info('Coming Soon', `Signing up with ${provider} is not available yet.`);

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join and start building your community"
      footer={
        <Text fontSize="sm" textAlign="center">
          Already have an account?{' '}
          <ChakraLink asChild variant="underline" color="brand.fg">
            <Link to="/signin">Sign in</Link>
          </ChakraLink>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="firstName" label="First name" error={form.errors.firstName}>
              <Input {...form.field('firstName')} autoComplete="given-name" />
            </FormField>
            <FormField name="lastName" label="Last name" error={form.errors.lastName}>
              <Input {...form.field('lastName')} autoComplete="family-name" />
            </FormField>
          </SimpleGrid>
          <FormField name="email" label="Email" error={form.errors.email}>
            <Input {...form.field('email')} type="email" autoComplete="email" placeholder="you@example.org" />
          </FormField>
          <FormField name="password" label="Password" error={form.errors.password}>
            <PasswordInput {...form.field('password')} autoComplete="new-password" />
            <PasswordStrengthMeter password={form.values.password ?? ''} />
          </FormField>
          <FormField name="confirmPassword" label="Confirm password" error={form.errors.confirmPassword}>
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
              <Checkbox.Label>I agree to the terms and conditions</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" ps="7">
              Read the <TermsModal />
            </Text>
            {form.errors.acceptTerms && (
              <Text id="acceptTerms-error" fontSize="sm" color="fg.error">
                {form.errors.acceptTerms}
              </Text>
            )}
          </Stack>
          <Button type="submit" colorPalette="brand" loading={register.isPending} loadingText="Creating account...">
            Create account
          </Button>
          <HStack>
            <Separator flex="1" />
            <Text fontSize="xs" color="fg.muted">
              or
            </Text>
            <Separator flex="1" />
          </HStack>
          <SimpleGrid columns={2} gap="3">
            <Button variant="outline" type="button" onClick={() => comingSoon('Google')}>
              Google (soon)
            </Button>
            <Button variant="outline" type="button" onClick={() => comingSoon('Apple')}>
              Apple (soon)
            </Button>
          </SimpleGrid>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Alert, Button, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { notify } from '../components/toaster';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, forgotPasswordInput } from '../../shared/schemas/auth';
import { trpc } from '../trpc';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPassword });

const SENT = "If an account with that email exists, we've sent password reset instructions.";

function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const form = useZodForm(forgotPasswordInput, { email: '' });
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(ERROR_TITLES[checked.error] ?? 'Email required', checked.error);
    // The confirmation shows whatever happened, so the page never tells who has an account.
    await forgot.mutateAsync(checked.data).catch(() => undefined);
    notify.info('Check your email', SENT);
    setSent(true);
  }

  const backToSignIn = (
    <ChakraLink asChild variant="underline" color="brand.fg" alignSelf="center" fontSize="sm">
      <Link to="/signin">Back to sign in</Link>
    </ChakraLink>
  );

  if (sent) {
    return (
      <AuthCard title="Check your email" footer={backToSignIn}>
        <Stack gap="3" role="status">
          <Text>{SENT}</Text>
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>The link expires in one hour. Can&apos;t find the email? Look in your spam or junk folder.</Alert.Description>
          </Alert.Root>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we'll send you a link to choose a new one." footer={backToSignIn}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField name="email" label="Email" error={form.errors.email}>
            <Input {...form.field('email')} type="email" autoComplete="email" />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={forgot.isPending} loadingText="Sending...">
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Button, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { TermsModal } from '../components/terms-modal';
import { notify } from '../components/toaster';
import { currentUserOptions } from '../features/auth/current-user';
import { safeRedirect } from '../lib/safe-redirect';
import { useZodForm } from '../lib/use-zod-form';
import { ERROR_TITLES, loginInput } from '../../shared/schemas/auth';
import { SESSION_CHECK_RETRY_MS } from '../../shared/constants';
import { trpc } from '../trpc';

export const Route = createFileRoute('/signin')({
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => (typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
  component: SignIn,
});

const LOGIN_MESSAGES: Record<number, string> = {
  401: 'Invalid email or password. Please try again.',
  404: 'Account not found. Please check your email or sign up.',
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function SignIn() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(loginInput, { email: '', password: '' });
  const login = useMutation(trpc.auth.login.mutationOptions());

  /** Before leaving, make sure the session cookie took: the current-user call must answer with the user (one retry after 1 s). */
  async function confirmSession(): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) await wait(SESSION_CHECK_RETRY_MS);
      const user = await queryClient.fetchQuery({ ...currentUserOptions(), staleTime: 0, retry: false });
      if (user) return true;
    }
    return false;
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(ERROR_TITLES[checked.error] ?? 'Login failed', checked.error);
    let mustChange = false;
    try {
      mustChange = (await login.mutateAsync(checked.data)).mustChangePassword;
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error('Login failed', (info.status && LOGIN_MESSAGES[info.status]) || info.message || 'Login failed');
    }
    notify.success('Welcome back!', 'You are now signed in.');
    try {
      if (!(await confirmSession())) {
        return notify.error('Login issue', 'There was a problem establishing your session. Please try again.');
      }
    } catch {
      /* the check itself failed: go on, the dashboard will ask again */
    }
    await navigate({ to: mustChange ? '/change-password' : safeRedirect(redirect) });
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your communities"
      footer={
        <>
          <Text fontSize="sm" textAlign="center">
            Don&apos;t have an account?{' '}
            <ChakraLink asChild variant="underline" color="brand.fg">
              <Link to="/signup">Sign up</Link>
            </ChakraLink>
          </Text>
          <Text fontSize="sm" textAlign="center">
            <ChakraLink asChild variant="underline" color="brand.fg">
              <Link to="/">Learn More About Us</Link>
            </ChakraLink>
          </Text>
          <Text fontSize="xs" textAlign="center" color="fg.muted">
            By signing in you agree to our <TermsModal />.
          </Text>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField name="email" label="Email" error={form.errors.email}>
            <Input {...form.field('email')} type="email" autoComplete="email" placeholder="you@example.org" />
          </FormField>
          <FormField name="password" label="Password" error={form.errors.password}>
            <PasswordInput {...form.field('password')} autoComplete="current-password" />
          </FormField>
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" color="brand.fg">
            <Link to="/forgot-password">Forgot password?</Link>
          </ChakraLink>
          <Button type="submit" colorPalette="brand" loading={login.isPending} loadingText="Signing in...">
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Link as ChakraLink } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ResultView } from '../components/result-view';
import { useSiteConfig } from '../features/site-config';
import { notify } from '../components/toaster';
import { errorInfo } from '../lib/errors';
import { trpcClient, trpc } from '../trpc';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: VerifyEmail,
});

const FAILED = 'Verification link is invalid or has expired. Please request a new one.';
// A token works once; this keeps React's development double-mount from spending it twice.
const attempts = new Map<string, Promise<unknown>>();

function VerifyEmail() {
  const { token } = Route.useSearch();
  const queryClient = useQueryClient();
  const { supportEmail } = useSiteConfig();
  const [state, setState] = useState<{ status: 'loading' | 'success' | 'error'; message: string }>(() =>
    token ? { status: 'loading', message: 'Verifying your email…' } : { status: 'error', message: FAILED },
  );

  useEffect(() => {
    if (!token) return;
    let attempt = attempts.get(token);
    if (!attempt) attempts.set(token, (attempt = trpcClient.auth.verifyEmail.mutate({ token })));
    let live = true;
    attempt.then(
      () => {
        if (!live) return;
        notify.success('Email Verified!', 'Thank you for confirming your email address.');
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        setState({ status: 'success', message: 'Your email address is confirmed. You can now sign in.' });
      },
      (error) => {
        if (!live) return;
        const message = errorInfo(error).message || FAILED;
        notify.error('Verification Failed', message);
        setState({ status: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [token, queryClient]);

  if (state.status === 'loading') return <ResultView status="loading" title="Verifying your email" message={state.message} />;
  if (state.status === 'success') {
    return <ResultView status="success" title="Email verified" message={state.message} action={{ label: 'Continue to Sign In', to: '/signin' }} />;
  }
  return (
    <ResultView
      status="error"
      title="Verification failed"
      message={state.message}
      action={{ label: 'Back to Sign In', to: '/signin' }}
      extra={
        <ChakraLink href={supportEmail ? `mailto:${supportEmail}` : '/'} fontSize="sm" alignSelf="center" color="brand.fg">
          Need help? Contact support
        </ChakraLink>
      }
    />
  );
}

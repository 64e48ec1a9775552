import { Link as ChakraLink } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultView } from '../components/result-view';
import { useSiteConfig } from '../features/site-config';
import { notify } from '../components/toaster';
import { errorInfo } from '../lib/errors';
import { trpcClient, trpc } from '../trpc';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: VerifyEmail,
});

// A token works once; this keeps React's development double-mount from spending it twice.
const attempts = new Map<string, Promise<unknown>>();

function VerifyEmail() {
  const { t } = useTranslation();
  const { token } = Route.useSearch();
  const queryClient = useQueryClient();
  const { supportEmail } = useSiteConfig();
  // The server's message when it gave one (already in the reader's language); otherwise the screen's own words.
  const [state, setState] = useState<{ status: 'loading' | 'success' | 'error'; message?: string; signedIn?: boolean }>(() =>
    token ? { status: 'loading' } : { status: 'error' },
  );

  useEffect(() => {
    if (!token) return;
    let attempt = attempts.get(token);
    if (!attempt) attempts.set(token, (attempt = trpcClient.auth.verifyEmail.mutate({ token })));
    let live = true;
    attempt.then(
      (result) => {
        if (!live) return;
        // Opened in the browser that signed up (and nobody signed in here): the server signed the person in.
        const signedIn = !!(result as { signedIn?: boolean }).signedIn;
        notify.success(t('auth.verify.verifiedToast'), t(signedIn ? 'auth.verify.signedInBody' : 'auth.verify.verifiedToastBody'));
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        setState({ status: 'success', signedIn });
      },
      (error) => {
        if (!live) return;
        const message = errorInfo(error).message || undefined;
        notify.error(t('auth.verify.failedToast'), message ?? t('errors.auth.verifyFailed'));
        setState({ status: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [token, queryClient]);

  if (state.status === 'loading') return <ResultView status="loading" title={t('auth.verify.verifyingTitle')} message={t('auth.verify.verifying')} />;
  if (state.status === 'success') {
    return (
      <ResultView
        status="success"
        title={t('auth.verify.verifiedTitle')}
        message={t(state.signedIn ? 'auth.verify.signedInBody' : 'auth.verify.verifiedBody')}
        action={state.signedIn ? { label: t('auth.verify.toDashboard'), to: '/dashboard' } : { label: t('auth.verify.continue'), to: '/signin' }}
      />
    );
  }
  return (
    <ResultView
      status="error"
      title={t('auth.verify.failedTitle')}
      message={state.message ?? t('errors.auth.verifyFailed')}
      action={{ label: t('auth.verify.back'), to: '/signin' }}
      extra={
        <ChakraLink href={supportEmail ? `mailto:${supportEmail}` : '/'} fontSize="sm" alignSelf="center" color="brand.fg">
          {t('auth.verify.help')}
        </ChakraLink>
      }
    />
  );
}

import { Alert, Button } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { CurrentUser } from './current-user';

/** Reminds an unverified user and lets them ask for a fresh link. */
export function VerifyBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () => notify.success(t('auth.verifyBanner.sent'), t('auth.verifyBanner.sentBody', { email: user.email })),
      onError: (e) => notify.error(t('auth.verifyBanner.sendFailed'), errorInfo(e).message),
    }),
  );
  if (user.isEmailVerified) return null;
  return (
    <Alert.Root status="warning" variant="subtle" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('auth.verifyBanner.title')}</Alert.Title>
        <Alert.Description>{t('auth.verifyBanner.body', { email: user.email })}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => resend.mutate()} loading={resend.isPending} loadingText={t('auth.verifyBanner.sending')}>
        {t('auth.verifyBanner.resend')}
      </Button>
    </Alert.Root>
  );
}

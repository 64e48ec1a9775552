import { Alert, Button } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { CurrentUser } from './current-user';

/** Reminds an unverified user and lets them ask for a fresh link. */
export function VerifyBanner({ user }: { user: CurrentUser }) {
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () => notify.success('Verification email sent', `Check ${user.email} for a new link.`),
      onError: (e) => notify.error('Could not send the email', errorInfo(e).message),
    }),
  );
  if (user.isEmailVerified) return null;
  return (
    <Alert.Root status="warning" variant="subtle" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Please verify your email</Alert.Title>
        <Alert.Description>We sent a link to {user.email}. It expires after 24 hours.</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => resend.mutate()} loading={resend.isPending} loadingText="Sending...">
        Resend link
      </Button>
    </Alert.Root>
  );
}

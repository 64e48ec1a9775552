import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';

/**
 * A leader's change to the invitations (resend, cancel, revoke): the action, its toast `done`,
 * then `refresh` (the list reloaded). A failure is toasted with the server's own words and
 * rethrown, so a confirm dialog stays open to try again.
 */
export function useInvitesChange(refresh: () => Promise<unknown>) {
  const { t } = useTranslation();
  return async (action: () => Promise<unknown>, done: string): Promise<void> => {
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch (error) {
      notify.error(t('invitations.pending.failed'), errorInfo(error).message);
      throw error;
    }
  };
}

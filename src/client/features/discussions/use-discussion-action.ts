import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { refreshDiscussions } from './queries';

/**
 * Runs a change to a discussion: on success a toast and every discussion query refreshed; on
 * failure the server's own words in a toast (and the lists refreshed: the topic may have been
 * locked or removed meanwhile). Resolves whether it succeeded.
 */
export function useDiscussionAction() {
  const queryClient = useQueryClient();
  return async <T>(action: () => Promise<T>, failed: string, success: string | null): Promise<boolean> => {
    try {
      await action();
      if (success) notify.success(success);
      await refreshDiscussions(queryClient);
      return true;
    } catch (e) {
      notify.error(failed, errorInfo(e).message);
      void refreshDiscussions(queryClient);
      return false;
    }
  };
}

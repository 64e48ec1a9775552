import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { refreshPolls } from './queries';

/**
 * Runs a change to a poll: on success a toast and every poll query refreshed (in the
 * background); on failure the server's own words in a toast. Resolves whether it succeeded.
 */
export function usePollAction() {
  const queryClient = useQueryClient();
  return async <T>(action: () => Promise<T>, failed: string, success: (result: T) => { title: string; body?: string }, onError?: (error: unknown) => void): Promise<boolean> => {
    try {
      const result = await action();
      const toast = success(result);
      notify.success(toast.title, toast.body);
      void refreshPolls(queryClient);
      return true;
    } catch (e) {
      onError?.(e);
      notify.error(failed, errorInfo(e).message);
      // A poll that closed or changed meanwhile: show it as it is now.
      void refreshPolls(queryClient);
      return false;
    }
  };
}

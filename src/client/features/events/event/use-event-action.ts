import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/toaster';
import { errorInfo } from '../../../lib/errors';
import { refreshEvents } from '../queries';

/**
 * Runs a change to an event: on success a toast and every events query refreshed (in the background); on failure the
 * server's own words in a toast. Resolves whether it succeeded (dialogs close on true).
 */
export function useEventAction() {
  const queryClient = useQueryClient();
  return async <T>(
    action: () => Promise<T>,
    failed: string,
    success: (result: T) => { type?: 'success' | 'info'; title: string; body?: string },
    onError?: (error: unknown) => void,
  ): Promise<boolean> => {
    try {
      const result = await action();
      const toast = success(result);
      notify[toast.type ?? 'success'](toast.title, toast.body);
      // Not awaited: the dialog closes at once rather than stay open, its button enabled again, while the lists reload.
      void refreshEvents(queryClient);
      return true;
    } catch (e) {
      onError?.(e);
      notify.error(failed, errorInfo(e).message);
      return false;
    }
  };
}

/** Whether the event has started / is over, at this render. */
export const hasStarted = (e: { startsAt: number }, now = Date.now()) => e.startsAt <= now;
export const isOver = (e: { endsAt: number }, now = Date.now()) => e.endsAt <= now;

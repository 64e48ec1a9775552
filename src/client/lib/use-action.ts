import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../components/toaster';
import { errorInfo } from './errors';

/** A toast's words: a title, or a title with a body (an 'info' one for news that is not a success). */
export type ActionToast = string | { title: string; body?: string; type?: 'success' | 'info' } | null;

/**
 * Runs a change: the action (a tRPC mutation), then on success
 * its toast and the named queries invalidated; on failure a toast titled `failed` with the
 * server's own words (lib/errors.ts) after `onError` (a form placing the issues on its fields).
 * The returned function resolves whether it succeeded, so a dialog closes on true. The features'
 * action hooks (circles, polls, events, discussions) are this one with their own queries; some
 * older forms (the books' dialogs among them) still run their mutation with their own try/catch.
 *
 * `keys` name the queries a change may have made stale (a feature's `[trpc.<domain>.pathKey()]`).
 * `wait`: resolve only once they have reloaded (a list that must show the change before its
 * dialog closes); otherwise they reload in the background. `refreshOnFailure`: reload them after
 * a failure too (the record may have changed meanwhile: a topic locked, a poll closed).
 */
export function useAction(keys: readonly QueryKey[], options: { wait?: boolean; refreshOnFailure?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { wait = false, refreshOnFailure = false } = options;
  return useCallback(
    async <T>(action: () => Promise<T>, failed: string, success?: ActionToast | ((result: T) => ActionToast), onError?: (error: unknown) => void): Promise<boolean> => {
      const refresh = () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      try {
        const result = await action();
        const toast = typeof success === 'function' ? success(result) : success;
        if (typeof toast === 'string') notify.success(toast);
        else if (toast) notify[toast.type ?? 'success'](toast.title, toast.body);
        if (wait) await refresh();
        else void refresh();
        return true;
      } catch (e) {
        onError?.(e);
        notify.error(failed, errorInfo(e).message);
        if (refreshOnFailure) void refresh();
        return false;
      }
    },
    // The keys are built anew on every render; what they name does not change.
    [queryClient, JSON.stringify(keys), wait, refreshOnFailure],
  );
}

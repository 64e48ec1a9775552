import { useQuery } from '@tanstack/react-query';
import {
  USER_QUERY_BACKOFF_BASE_MS,
  USER_QUERY_BACKOFF_CAP_MS,
  USER_QUERY_FRESH_MS,
  USER_QUERY_RETRIES,
} from '../../../shared/constants';
import { trpc } from '../../trpc';

/** SPEC section 7: the current-user call retries 5 times (1 s doubled, capped at 10 s) and stays fresh 2 min. */
export const currentUserOptions = () =>
  trpc.auth.me.queryOptions(undefined, {
    retry: USER_QUERY_RETRIES,
    retryDelay: (attempt) => Math.min(USER_QUERY_BACKOFF_BASE_MS * 2 ** attempt, USER_QUERY_BACKOFF_CAP_MS),
    staleTime: USER_QUERY_FRESH_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

export function useCurrentUser() {
  const q = useQuery(currentUserOptions());
  const user = q.data ?? null;
  return {
    user,
    isLoading: q.isPending,
    isAuthenticated: !!user,
    isAdmin: user?.role === 'admin' || user?.role === 'superadmin',
    error: q.error,
  };
}

export type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>['user']>;

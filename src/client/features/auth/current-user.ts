import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  USER_QUERY_BACKOFF_BASE_MS,
  USER_QUERY_BACKOFF_CAP_MS,
  USER_QUERY_FRESH_MS,
  USER_QUERY_RETRIES,
} from '@shared/constants';
import { staffCan } from '@shared/permissions';
import { trpc } from '../../trpc';

/**
 * Who is signed in. The call survives a flaky connection (5 retries, 1 s doubled each time, at
 * most 10 s apart) and is trusted for 2 minutes, then checked again on focus and on mount.
 */
export const currentUserOptions = () =>
  trpc.auth.me.queryOptions(undefined, {
    retry: USER_QUERY_RETRIES,
    retryDelay: (attempt) => Math.min(USER_QUERY_BACKOFF_BASE_MS * 2 ** attempt, USER_QUERY_BACKOFF_CAP_MS),
    staleTime: USER_QUERY_FRESH_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

/**
 * For the routes' guards: the signed-in user from the cache when there is one (refreshed in the
 * background once older than its fresh time), otherwise from the server. A cached 'signed out'
 * is asked again: it may predate a sign-in. A server that cannot be reached counts as signed out.
 */
export async function ensureCurrentUser(queryClient: QueryClient) {
  const options = currentUserOptions();
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached) {
    void queryClient.query(options).catch(() => undefined);
    return cached;
  }
  return queryClient.query({ ...options, staleTime: cached === null ? 0 : options.staleTime }).catch(() => null);
}

export function useCurrentUser() {
  const q = useQuery(currentUserOptions());
  const user = q.data ?? null;
  return {
    user,
    isLoading: q.isPending,
    isAuthenticated: !!user,
    isAdmin: staffCan(user?.role, 'admin.panel'),
    error: q.error,
  };
}

export type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>['user']>;

const signedIn = getRouteApi('/_signed-in');

/**
 * The signed-in user, for pages under the signed-in layout (routes/_signed-in.tsx), whose guard
 * has already made sure there is one. It follows the current-user query (a profile edit shows at
 * once); the guard's copy covers the moment a sign-out elsewhere empties the query, while the
 * layout sends the browser to /signin.
 */
export function useSignedInUser(): CurrentUser {
  const { user } = useCurrentUser();
  const checked = signedIn.useRouteContext({ select: (c) => c.user });
  return user ?? checked;
}

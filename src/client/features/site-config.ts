import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc';

export const DEFAULT_APP_NAME = 'Harambee';

/** The installation's name and support address (self-hosters set APP_NAME and SUPPORT_EMAIL). */
export function useSiteConfig() {
  const q = useQuery(trpc.site.config.queryOptions(undefined, { staleTime: 10 * 60 * 1000 }));
  return { appName: q.data?.appName || DEFAULT_APP_NAME, supportEmail: q.data?.supportEmail ?? null };
}

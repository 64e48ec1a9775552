import { useQuery } from '@tanstack/react-query';
import { APP_NAME } from '../../components/logo';
import { trpc } from '../../trpc';

/** The installation's name and support address (self-hosters set APP_NAME and SUPPORT_EMAIL). */
export function useSiteConfig() {
  const q = useQuery(trpc.site.config.queryOptions());
  return { appName: q.data?.appName || APP_NAME, supportEmail: q.data?.supportEmail ?? null };
}

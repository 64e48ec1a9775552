import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';
import { i18next } from '../../i18n';

export type Announcement = inferRouterOutputs<AppRouter>['announcements']['list']['items'][number];
export type Category = inferRouterOutputs<AppRouter>['categories']['list'][number];

export const refreshAnnouncements = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.announcements.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.categories.pathKey() }),
  ]);

/**
 * "Posted by …" in the reader's language: the server says 'You' and 'Former member' in English
 * (the REST contract's words). Decided by the author's id (none once the account is deleted), not
 * by those words, which a real name could match.
 */
export function postedBy(a: Pick<Announcement, 'postedBy' | 'authorId'>, viewerId: string | null | undefined): string {
  if (a.authorId === null) return i18next.t('announcements.card.formerMember');
  if (a.authorId === viewerId) return i18next.t('announcements.card.you');
  return a.postedBy;
}

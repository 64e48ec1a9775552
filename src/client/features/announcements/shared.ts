import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';
import { POSTED_BY_YOU } from '@shared/constants';
import { i18next } from '../../i18n';
import { realName } from '../../lib/person-name';

export type Announcement = inferRouterOutputs<AppRouter>['announcements']['list']['items'][number];
export type Category = inferRouterOutputs<AppRouter>['categories']['list'][number];

export const refreshAnnouncements = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.announcements.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.categories.pathKey() }),
  ]);

/** "Posted by …" in the reader's language: the server says 'You' and 'Former member' in English (the REST contract's words). */
export function postedBy(a: Pick<Announcement, 'postedBy'>): string {
  if (a.postedBy === POSTED_BY_YOU) return i18next.t('announcements.card.you');
  return realName(a.postedBy) ?? i18next.t('announcements.card.formerMember');
}

import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';

export type Announcement = inferRouterOutputs<AppRouter>['announcements']['list']['items'][number];
export type Category = inferRouterOutputs<AppRouter>['categories']['list'][number];

export const refreshAnnouncements = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.announcements.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.categories.pathKey() }),
  ]);

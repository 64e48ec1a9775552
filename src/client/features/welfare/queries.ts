import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The welfare and standing queries, named once for the tab, the case page and their loaders.
 * Every welfare change refreshes them all (refreshWelfare), and the books' too: a levy payment
 * is a payment, a benefit an entry.
 */

type Outputs = inferRouterOutputs<AppRouter>['welfare'];
export type Fund = Outputs['funds'][number];
export type CaseSummary = Outputs['cases']['items'][number];
export type CaseView = Outputs['case'];
export type Levy = Outputs['myLevies']['levies'][number];
export type CaseLevy = Outputs['caseLevies']['items'][number];
export type Dependant = Outputs['dependants'][number];
export type MyStanding = inferRouterOutputs<AppRouter>['standing']['mine'];

export const myStandingQuery = (communityId: number) => trpc.standing.mine.queryOptions({ communityId });
export const fundsQuery = (communityId: number) => trpc.welfare.funds.queryOptions({ communityId });
export const casesQuery = (communityId: number) => trpc.welfare.cases.infiniteQueryOptions({ communityId, limit: 20 }, cursorPaging);
export const caseQuery = (id: number) => trpc.welfare.case.queryOptions({ id });
export const myLeviesQuery = (communityId: number) => trpc.welfare.myLevies.queryOptions({ communityId });
export const dependantsQuery = (communityId: number) => trpc.welfare.dependants.queryOptions({ communityId });

export async function refreshWelfare(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.welfare.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.standing.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.finances.pathKey() }),
  ]);
}

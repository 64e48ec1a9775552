import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';

/*
 * The savings groups' queries, named once for the tab, the group page and its route's loader (kept
 * apart from the components: the loader is part of the first bundle, the screens load with the
 * page; the actions' hook is use-savings-action.ts, for the same reason).
 */

type Outputs = inferRouterOutputs<AppRouter>['savings'];
export type GroupSummary = Outputs['groups'][number];
export type Group = Outputs['group'];
export type GroupMember = Group['members'][number];
export type Meeting = Group['meetings'][number];
export type Rules = Group['rules'];
export type Statement = Outputs['statement'];
export type Ledger = Outputs['ledger'];
export type LoanSummary = Ledger['loans'][number];
export type LoanView = Outputs['loan'];
export type ShareOutPreview = Outputs['shareOutPreview'];

export const groupsQuery = (communityId: number) => trpc.savings.groups.queryOptions({ communityId });
export const groupQuery = (id: number) => trpc.savings.group.queryOptions({ id });
export const statementQuery = (id: number) => trpc.savings.statement.queryOptions({ id });
// The officers' card shows whether the money adds up: the one reader that asks for the whole check.
export const ledgerQuery = (id: number) => trpc.savings.ledger.queryOptions({ id, verify: true });
export const loanQuery = (id: number) => trpc.savings.loan.queryOptions({ id });

import type { QueryClient } from '@tanstack/react-query';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';

/*
 * The finance queries, named once for the components and the community route's loader (see
 * communities/queries.ts). Every change of the books refreshes them all (refreshFinances).
 */

/** Totals as the viewer may see them, and their own figures (the tab's first query, and the Overview's dues status). */
export const financeSummaryQuery = (communityId: number) => trpc.finances.summary.queryOptions({ communityId });

/** The viewer's own payments, ten at a time; each page also carries their totals. */
export const statementQuery = (communityId: number) =>
  trpc.finances.statement.infiniteQueryOptions(
    { communityId, limit: 10 },
    { getNextPageParam: (last: { payments: { nextCursor: number | null } }) => last.payments.nextCursor },
  );

/** The officers' queue: payments waiting for a decision. */
export const pendingPaymentsQuery = (communityId: number) =>
  trpc.finances.payments.infiniteQueryOptions({ communityId, status: 'pending', limit: 20 }, cursorPaging);

export type ExpenseFilter = 'pending' | 'approved' | 'rejected' | 'paid' | undefined;
/** The officers' expenses, newest first, optionally of one status. */
export const expensesQuery = (communityId: number, status?: ExpenseFilter) =>
  trpc.finances.expenses.infiniteQueryOptions({ communityId, status, limit: 20 }, cursorPaging);

/** The ledger, newest first. */
export const ledgerQuery = (communityId: number) => trpc.finances.entries.infiniteQueryOptions({ communityId, limit: 20 }, cursorPaging);

/** After any change to the books every figure on the tab (and the Overview's dues status) may be stale. */
export const refreshFinances = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.finances.pathKey() });

/** The REST export of the ledger (a plain download). */
export const exportCsvUrl = (communityId: number, from: string, to: string) => {
  const search = new URLSearchParams();
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  const query = search.toString();
  return `/api/communities/${communityId}/finances/export.csv${query ? `?${query}` : ''}`;
};

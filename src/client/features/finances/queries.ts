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

export type PaymentFilter = 'pending' | 'confirmed' | 'rejected' | 'reversed' | undefined;
/** The officers' payments, newest first: the queue (pending), or those of another status, or all. */
export const paymentsQuery = (communityId: number, status?: PaymentFilter) =>
  trpc.finances.payments.infiniteQueryOptions({ communityId, status, limit: 20 }, cursorPaging);

export type ExpenseFilter = 'pending' | 'approved' | 'rejected' | 'paid' | undefined;
/** The officers' expenses, newest first, optionally of one status. */
export const expensesQuery = (communityId: number, status?: ExpenseFilter) =>
  trpc.finances.expenses.infiniteQueryOptions({ communityId, status, limit: 20 }, cursorPaging);

/** The ledger, newest first. */
export const ledgerQuery = (communityId: number) => trpc.finances.entries.infiniteQueryOptions({ communityId, limit: 20 }, cursorPaging);

/** The viewer's own dues: each period's obligation and the overall status (books must be open). */
export const myDuesQuery = (communityId: number) => trpc.finances.myDues.queryOptions({ communityId });

/** The community's dues plans, stopped ones included. */
export const duesPlansQuery = (communityId: number) => trpc.finances.plans.queryOptions({ communityId });

/** Every member's dues status, for officers. */
export const duesRollQuery = (communityId: number) => trpc.finances.duesRoll.queryOptions({ communityId });

/** Planned against actual per category for a year. */
export const budgetQuery = (communityId: number, year: number) => trpc.finances.budget.queryOptions({ communityId, year });

/** Money in and out and the balance, month by month, for the last twelve months (null where members see only their own). */
export const cashFlowQuery = (communityId: number) => trpc.finances.cashFlow.queryOptions({ communityId });

/** How many members a dues plan not made yet would make overdue at once (for those who make plans). */
export const duesPlanPreviewQuery = (input: { communityId: number; amount: number; period: 'monthly' | 'quarterly' | 'yearly' | 'once'; dueDay: number; graceDays: number; startsOn: string; memberIds?: string[] }) =>
  trpc.finances.duesPlanPreview.queryOptions(input);

/** The dashboard's Financial Overview: the viewer's own figures in each community whose books are open. */
export const financeOverviewQuery = () => trpc.finances.overview.queryOptions();

/** After any change to the books every figure on the tab (and the Overview's dues status) may be stale. */
export const refreshFinances = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: trpc.finances.pathKey() });

/** A confirmed payment's receipt, as a PDF download (its member or an officer). */
export const receiptUrl = (paymentId: number) => `/api/finances/payments/${paymentId}/receipt.pdf`;

/** The REST export of the ledger (a plain download). */
export const exportCsvUrl = (communityId: number, from: string, to: string, format: 'csv' | 'xlsx' = 'csv') => {
  const search = new URLSearchParams();
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  const query = search.toString();
  return `/api/communities/${communityId}/finances/export.${format}${query ? `?${query}` : ''}`;
};

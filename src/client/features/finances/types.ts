import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

/** What the finance screens receive from the server. */
type Outputs = inferRouterOutputs<AppRouter>['finances'];
export type Summary = Outputs['summary'];
/** The summary of books that are open. */
export type Books = Extract<Summary, { opened: true }>;
export type Category = Books['categories'][number];
export type Account = NonNullable<Books['accounts']>[number];
export type Payment = Outputs['payments']['items'][number];
export type Expense = Outputs['expenses']['items'][number];
export type Entry = Outputs['entries']['items'][number];
export type PaymentStatus = Payment['status'];
export type MyDues = Outputs['myDues'];
export type Obligation = MyDues['obligations'][number];
export type DuesPlan = Outputs['plans'][number];
export type DuesRollRow = Outputs['duesRoll']['members'][number];
export type Budget = Outputs['budget'];
export type BudgetLine = NonNullable<Budget['lines']>[number];
export type OverviewRow = Outputs['overview'][number];
/** A member's overall dues status: paid up, due, overdue, or none (nothing owed yet). */
export type DuesStatus = MyDues['status'];
export type ExpenseStatus = Expense['status'];

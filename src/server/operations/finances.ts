import {
  accountInput,
  categoryInput,
  changeExpenseInput,
  confirmPaymentInput,
  declarePaymentInput,
  expenseIdInput,
  expensesPageInput,
  financePageInput,
  financeSettingsInput,
  payExpenseInput,
  paymentsPageInput,
  recordPaymentInput,
  rejectInput,
  reverseEntryInput,
  submitExpenseInput,
  summaryInput,
  exportInput,
} from '@shared/schemas/finances';
import type { Context } from '../context';
import { translate } from '../i18n';
import { forbidden } from '../services/errors';
import { assertBooksCurrency, createAccount, createCategory, requireBooks, saveFinanceSettings } from '../services/finances/books';
import { approveExpense, changeExpense, expenseCommunity, listExpenses, payExpense, rejectExpense, submitExpense } from '../services/finances/expenses';
import { entryCommunity, listEntries, reverseEntry } from '../services/finances/ledger';
import { confirmPayment, declarePayment, listPayments, paymentCommunity, recordCashPayment, rejectPayment } from '../services/finances/payments';
import { membersSeeLedger, ledgerViewer } from '../services/finances/entry-privacy';
import { ledgerExportFor } from './finance-files';
import { toCsv } from '../exports/table';
import { financeSummary, ownStatement } from '../services/finances/summary';
import { budget } from './finance-budget';
import { dues } from './finance-dues';
import { overview } from './finance-overview';
import { cashFlow } from './finance-cash-flow';
import { isOfficer, thisYear } from './finance-scope';
import { groupedMutation, inCommunity, mutation, query } from './define';

/*
 * Community finances. Money arrives through payments (declared by members, confirmed by an
 * officer), leaves through expenses (approved by leaders other than their author, then paid),
 * and every movement is an append-only ledger entry; see services/finances/.
 */

const ofPayment = (input: { id: number }, ctx: Context) => paymentCommunity(ctx.db, input.id);
const ofExpense = (input: { id: number }, ctx: Context) => expenseCommunity(ctx.db, input.id);
const ofEntry = (input: { id: number }, ctx: Context) => entryCommunity(ctx.db, input.id);

export const finances = {
  /** Totals as the community's transparency allows, and the caller's own figures. */
  summary: query({
    input: summaryInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, scope) => financeSummary(ctx.db, { communityId: scope.community.id, viewerId: ctx.user.id, officer: isOfficer(scope), year: input.year ?? thisYear(ctx) }),
  }),

  /** The caller's own payments and totals. */
  statement: query({
    input: financePageInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, { community }) => ownStatement(ctx.db, { communityId: community.id, memberId: ctx.user.id, year: thisYear(ctx), cursor: input.cursor, limit: input.limit }),
  }),

  /** The ledger, newest first: for officers, and for members where the community shows it (others' payments anonymised unless it chose names). */
  entries: query({
    input: financePageInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, scope) => {
      const books = requireBooks(ctx.db, scope.community.id);
      if (!isOfficer(scope) && !membersSeeLedger(books.transparency)) throw forbidden('errors.finances.ledgerHidden');
      const viewer = ledgerViewer({ viewerId: ctx.user.id, officer: isOfficer(scope), transparency: books.transparency });
      return listEntries(ctx.db, { communityId: scope.community.id, viewer, cursor: input.cursor, limit: input.limit });
    },
  }),

  /** Opens the books or changes their settings (currency while nothing is recorded, transparency, approval threshold). */
  updateSettings: mutation({
    input: financeSettingsInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...changes } = input;
      return saveFinanceSettings(ctx.db, { communityId: community.id, actorId: ctx.user.id, changes, cashBoxName: translate(ctx.language, 'notices.cashBox'), now: ctx.now() });
    },
  }),

  createAccount: mutation({
    input: accountInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      requireBooks(ctx.db, community.id);
      return createAccount(ctx.db, { communityId: community.id, actorId: ctx.user.id, name: input.name, kind: input.kind, holderId: input.holderId ?? null, now: ctx.now() });
    },
  }),

  createCategory: mutation({
    input: categoryInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      requireBooks(ctx.db, community.id);
      return createCategory(ctx.db, { communityId: community.id, actorId: ctx.user.id, kind: input.kind, name: input.name, now: ctx.now() });
    },
  }),

  /** "I paid": waits, pending, for an officer. */
  declarePayment: groupedMutation({
    input: declarePaymentInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, { community }) => {
      assertBooksCurrency(requireBooks(ctx.db, community.id), input.currency);
      const { communityId: _, currency: _currency, ...details } = input;
      return declarePayment(ctx.db, { communityId: community.id, memberId: ctx.user.id, details, now: ctx.now() });
    },
  }),

  /** Cash taken at a meeting, recorded by an officer for a member (or themselves): it waits for another officer. */
  recordPayment: mutation({
    input: recordPaymentInput,
    access: inCommunity('finances.record'),
    run: (ctx, input, { community }) => {
      assertBooksCurrency(requireBooks(ctx.db, community.id), input.currency);
      const { communityId: _, currency: _currency, memberId, accountId, ...details } = input;
      return recordCashPayment(ctx.db, { communityId: community.id, memberId, accountId, details, actorId: ctx.user.id, now: ctx.now() });
    },
  }),

  /** Payments of the community, for officers (the pending ones are their queue). */
  payments: query({
    input: paymentsPageInput,
    access: inCommunity('finances.record'),
    run: (ctx, input, { community }) => listPayments(ctx.db, { communityId: community.id, status: input.status, cursor: input.cursor, limit: input.limit }),
  }),

  confirmPayment: mutation({
    input: confirmPaymentInput,
    access: inCommunity('finances.record', ofPayment, 'errors.finances.paymentNotFound'),
    // The member's receipt is queued with the confirmation and leaves after it (mail/outbox.ts).
    run: (ctx, input, { community }) => confirmPayment(ctx.db, { communityId: community.id, paymentId: input.id, accountId: input.accountId, actorId: ctx.user.id, now: ctx.now() }),
  }),

  rejectPayment: mutation({
    input: rejectInput('validation.finance.paymentId'),
    access: inCommunity('finances.record', ofPayment, 'errors.finances.paymentNotFound'),
    run: (ctx, input, { community }) => rejectPayment(ctx.db, { communityId: community.id, paymentId: input.id, reason: input.reason, actorId: ctx.user.id, now: ctx.now() }),
  }),

  expenses: query({
    input: expensesPageInput,
    access: inCommunity('finances.record'),
    run: (ctx, input, { community }) => listExpenses(ctx.db, { communityId: community.id, status: input.status, cursor: input.cursor, limit: input.limit }),
  }),

  submitExpense: mutation({
    input: submitExpenseInput,
    access: inCommunity('finances.record'),
    run: (ctx, input, { community }) => {
      assertBooksCurrency(requireBooks(ctx.db, community.id), input.currency);
      return submitExpense(ctx.db, { communityId: community.id, authorId: ctx.user.id, amount: input.amount, categoryId: input.categoryId, description: input.description, receipts: input.receipts, now: ctx.now() });
    },
  }),

  approveExpense: mutation({
    input: expenseIdInput,
    access: inCommunity('finances.approve', ofExpense, 'errors.finances.expenseNotFound'),
    run: (ctx, input, { community }) => approveExpense(ctx.db, { communityId: community.id, expenseId: input.id, actorId: ctx.user.id, now: ctx.now() }),
  }),

  rejectExpense: mutation({
    input: rejectInput('validation.finance.expenseId'),
    access: inCommunity('finances.approve', ofExpense, 'errors.finances.expenseNotFound'),
    run: (ctx, input, { community }) => rejectExpense(ctx.db, { communityId: community.id, expenseId: input.id, reason: input.reason, actorId: ctx.user.id, now: ctx.now() }),
  }),

  payExpense: mutation({
    input: payExpenseInput,
    access: inCommunity('finances.record', ofExpense, 'errors.finances.expenseNotFound'),
    run: (ctx, input, { community }) => payExpense(ctx.db, { communityId: community.id, expenseId: input.id, accountId: input.accountId, actorId: ctx.user.id, now: ctx.now() }),
  }),

  changeExpense: mutation({
    input: changeExpenseInput,
    access: inCommunity('finances.record', ofExpense, 'errors.finances.expenseNotFound'),
    run: (ctx, input, { community }) => {
      assertBooksCurrency(requireBooks(ctx.db, community.id), input.currency);
      return changeExpense(ctx.db, { communityId: community.id, expenseId: input.id, amount: input.amount, description: input.description, categoryId: input.categoryId, actorId: ctx.user.id, now: ctx.now() });
    },
  }),

  /** The ledger of a date range as CSV (days in the community's zone, inclusive), for those who may see the ledger. */
  exportCsv: query({
    input: exportInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, scope) => {
      const ledger = ledgerExportFor(ctx, input, scope);
      return { filename: `${ledger.filename}.csv`, csv: toCsv(ledger) };
    },
  }),

  overview,
  plans: dues.plans,
  createDuesPlan: dues.createPlan,
  duesPlanPreview: dues.preview,
  stopDuesPlan: dues.stopPlan,
  myDues: dues.mine,
  duesRoll: dues.roll,
  budget: budget.get,
  cashFlow,
  setBudget: budget.set,

  /** A correction: the opposite entry, pointing at the one it corrects. */
  reverseEntry: mutation({
    input: reverseEntryInput,
    access: inCommunity('finances.record', ofEntry, 'errors.finances.entryNotFound'),
    run: (ctx, input, { community }) =>
      ctx.db.transaction((tx) => reverseEntry(tx, { communityId: community.id, entryId: input.id, reason: input.reason, actorId: ctx.user.id, now: ctx.now() })),
  }),
};


import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { communities, expenseApprovals, expenseAuthors, expenses, financeSettings, users } from '../../../../db/schema';
import type { ExpenseStatus } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, forbidden, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { handled, tellWhoMayAct } from '../needs/notices';
import { moneyText } from '../needs/sql';
import { toPage } from '../paging';
import { recordFinanceAction } from './audit';
import { accountOf, categoryOf, requireBooks } from './books';
import { appendEntry } from './ledger';
import { attachUpload } from '../../uploads/registry';
import { financeLink } from '@shared/finances/sections';

/*
 * An expense's states and who may move it between them: one table, tested cell by cell.
 * Every move is one conditional UPDATE on the expected state, so of two concurrent moves one
 * wins and the other gets 409. Its authors are whoever submitted it and whoever changed its
 * figures since (expense_authors): four eyes means none of them approves, rejects or pays it.
 */
export type ExpenseAction = 'approve' | 'reject' | 'pay' | 'change';
export const EXPENSE_TRANSITIONS: Record<ExpenseAction, { from: readonly ExpenseStatus[]; notByAuthor: boolean }> = {
  // Approvals gather on a pending expense; the last one needed makes it approved.
  approve: { from: ['pending'], notByAuthor: true },
  reject: { from: ['pending', 'approved'], notByAuthor: true },
  // Money leaves only once approved, paid out by someone who did not ask for it.
  pay: { from: ['approved'], notByAuthor: true },
  // New figures send it back to pending, clear its approvals and make the changer an author.
  change: { from: ['pending', 'approved'], notByAuthor: false },
};

/** The community an expense belongs to (for the guard), or undefined. */
export const expenseCommunity = (db: DbLike, id: number) => db.select({ communityId: expenses.communityId }).from(expenses).where(eq(expenses.id, id)).get()?.communityId;

function approvalsNeeded(tx: DbLike, communityId: number, amount: number) {
  const above = requireBooks(tx, communityId).secondApprovalAbove;
  return above !== null && amount > above ? 2 : 1;
}

export function submitExpense(db: DB, p: { communityId: number; authorId: string; amount: number; categoryId: number; description: string; receipts: string[]; now: number }) {
  return db.transaction((tx) => {
    categoryOf(tx, p.communityId, p.categoryId, 'expense');
    p.receipts.forEach((url, i) => attachUpload(tx, { url, ownerId: p.authorId, field: `receipts.${i}`, now: p.now }));
    const row = tx
      .insert(expenses)
      .values({
        communityId: p.communityId,
        authorId: p.authorId,
        amount: p.amount,
        categoryId: p.categoryId,
        description: p.description,
        receipts: JSON.stringify(p.receipts),
        approvalsNeeded: approvalsNeeded(tx, p.communityId, p.amount),
        createdAt: p.now,
        updatedAt: p.now,
      })
      .returning()
      .get();
    addAuthor(tx, row.id, p.authorId, p.now);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.authorId, action: 'expense.submitted', subject: `expense:${row.id}`, details: { amount: row.amount, categoryId: row.categoryId }, now: p.now });
    tellWhoActs(db, tx, row, p.authorId, p.now);
    return toExpenseDto(row, [], [p.authorId]);
  });
}

function load(tx: DbLike, communityId: number, id: number) {
  const row = tx.select().from(expenses).where(and(eq(expenses.id, id), eq(expenses.communityId, communityId))).get();
  if (!row) throw notFound('errors.finances.expenseNotFound');
  return row;
}

const addAuthor = (tx: DbLike, expenseId: number, userId: string, now: number) =>
  tx.insert(expenseAuthors).values({ expenseId, userId, createdAt: now }).onConflictDoNothing().run();

/**
 * The expense waits on someone: who may approve it (pending) or pay it (approved), never its
 * authors, is told who asked for how much and what for.
 */
function tellWhoActs(db: DB, tx: DbLike, row: typeof expenses.$inferSelect, by: string, now: number) {
  const books = tx.select({ currency: financeSettings.currency, community: communities.name }).from(financeSettings).innerJoin(communities, eq(communities.id, financeSettings.communityId)).where(eq(financeSettings.communityId, row.communityId)).get()!;
  const author = tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.authorId)).get();
  const pending = row.status === 'pending';
  tellWhoMayAct(db, tx, {
    kind: pending ? 'expenseApproval' : 'expensePayment',
    id: row.id,
    by,
    key: pending ? 'expenseWaiting' : 'expenseToPay',
    params: (language) => ({ name: author ? `${author.firstName} ${author.lastName}` : '', amount: moneyText(row.amount, books.currency, language), description: row.description, community: books.community }),
    link: financeLink(row.communityId, 'expenses'),
    now,
  });
}

const authorsOf = (tx: DbLike, id: number) =>
  tx.select({ userId: expenseAuthors.userId }).from(expenseAuthors).where(eq(expenseAuthors.expenseId, id)).orderBy(expenseAuthors.createdAt).all().map((a) => a.userId);

/**
 * Checks the table's rule for this move by this person; the conditional UPDATE checks the state
 * again. A change makes its author one of the expense's authors in the same transaction, and the
 * version (updated_at) moves with it, so an approval or payment read before it cannot slip past.
 */
function allowed(tx: DbLike, row: typeof expenses.$inferSelect, action: ExpenseAction, actorId: string) {
  const rule = EXPENSE_TRANSITIONS[action];
  if (rule.notByAuthor && (row.authorId === actorId || authorsOf(tx, row.id).includes(actorId))) throw forbidden('errors.finances.ownExpense');
  if (!rule.from.includes(row.status)) throw conflict('errors.finances.expenseState');
}

function move(tx: DbLike, row: typeof expenses.$inferSelect, to: ExpenseStatus, set: Partial<typeof expenses.$inferInsert>, now: number) {
  const moved = tx
    .update(expenses)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(expenses.id, row.id), eq(expenses.status, row.status), eq(expenses.updatedAt, row.updatedAt)))
    .returning()
    .get();
  if (!moved) throw conflict('errors.finances.expenseState');
  return moved;
}

const approversOf = (tx: DbLike, id: number) =>
  tx.select({ approverId: expenseApprovals.approverId }).from(expenseApprovals).where(eq(expenseApprovals.expenseId, id)).all().map((a) => a.approverId);

export function approveExpense(db: DB, p: { communityId: number; expenseId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const row = load(tx, p.communityId, p.expenseId);
    allowed(tx, row, 'approve', p.actorId);
    const inserted = tx.insert(expenseApprovals).values({ expenseId: row.id, approverId: p.actorId, createdAt: p.now }).onConflictDoNothing().returning().get();
    if (!inserted) throw conflict('errors.finances.alreadyApproved');
    const approvals = tx.select({ n: count() }).from(expenseApprovals).where(eq(expenseApprovals.expenseId, row.id)).get()!.n;
    let current = row;
    if (approvals >= row.approvalsNeeded) {
      current = move(tx, row, 'approved', {}, p.now);
      handled(tx, 'expenseApproval', row.id, p.actorId, p.now);
      notifyUser(tx, { userId: row.authorId, type: 'success', title: 'notifications.expenseApproved.title', message: 'notifications.expenseApproved.message', params: { description: row.description }, link: financeLink(p.communityId, 'expenses'), now: p.now });
      // Now it waits to be paid.
      tellWhoActs(db, tx, current, p.actorId, p.now);
    } else {
      // Still pending; the version moves so a concurrent change of the expense cannot slip past this approval.
      current = move(tx, row, 'pending', {}, p.now);
      // This approver's part is done; the others' notices still ask for theirs.
      handled(tx, 'expenseApproval', row.id, p.actorId, p.now, p.actorId);
    }
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'expense.approved', subject: `expense:${row.id}`, details: { approvals, needed: row.approvalsNeeded }, now: p.now });
    return toExpenseDto(current, approversOf(tx, row.id), authorsOf(tx, row.id));
  });
}

export function rejectExpense(db: DB, p: { communityId: number; expenseId: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const row = load(tx, p.communityId, p.expenseId);
    allowed(tx, row, 'reject', p.actorId);
    const moved = move(tx, row, 'rejected', { reason: p.reason }, p.now);
    handled(tx, 'expenseApproval', row.id, p.actorId, p.now);
    handled(tx, 'expensePayment', row.id, p.actorId, p.now);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'expense.rejected', subject: `expense:${row.id}`, details: { reason: p.reason }, now: p.now });
    notifyUser(tx, { userId: row.authorId, type: 'warning', title: 'notifications.expenseRejected.title', message: 'notifications.expenseRejected.message', params: { description: row.description, reason: p.reason }, link: financeLink(p.communityId, 'expenses'), now: p.now });
    return toExpenseDto(moved, approversOf(tx, row.id), authorsOf(tx, row.id));
  });
}

/** Pays an approved expense from an account: the outflow is refused when the account holds too little. */
export function payExpense(db: DB, p: { communityId: number; expenseId: number; accountId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const row = load(tx, p.communityId, p.expenseId);
    allowed(tx, row, 'pay', p.actorId);
    accountOf(tx, p.communityId, p.accountId);
    const moved = move(tx, row, 'paid', { paidFrom: p.accountId }, p.now);
    handled(tx, 'expensePayment', row.id, p.actorId, p.now);
    appendEntry(tx, {
      communityId: p.communityId,
      accountId: p.accountId,
      categoryId: row.categoryId,
      amount: -row.amount,
      kind: 'expense',
      expenseId: row.id,
      memberId: row.authorId,
      description: row.description,
      createdBy: p.actorId,
      now: p.now,
    });
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'expense.paid', subject: `expense:${row.id}`, details: { amount: row.amount, accountId: p.accountId }, now: p.now });
    notifyUser(tx, { userId: row.authorId, type: 'success', title: 'notifications.expensePaid.title', message: 'notifications.expensePaid.message', params: { description: row.description }, link: financeLink(p.communityId, 'expenses'), now: p.now });
    return toExpenseDto(moved, approversOf(tx, row.id), authorsOf(tx, row.id));
  });
}

/**
 * New figures (amount, description, category): back to pending with its approvals cleared (they
 * approved something else), and whoever changed it becomes one of its authors, so they can
 * neither approve nor pay what they wrote, whoever submitted it first.
 */
export function changeExpense(db: DB, p: { communityId: number; expenseId: number; actorId: string; amount?: number; description?: string; categoryId?: number; now: number }) {
  return db.transaction((tx) => {
    const row = load(tx, p.communityId, p.expenseId);
    allowed(tx, row, 'change', p.actorId);
    if (p.categoryId !== undefined) categoryOf(tx, p.communityId, p.categoryId, 'expense');
    const amount = p.amount ?? row.amount;
    const categoryId = p.categoryId ?? row.categoryId;
    tx.delete(expenseApprovals).where(eq(expenseApprovals.expenseId, row.id)).run();
    addAuthor(tx, row.id, p.actorId, p.now);
    const moved = move(tx, row, 'pending', { amount, categoryId, description: p.description ?? row.description, approvalsNeeded: approvalsNeeded(tx, p.communityId, amount) }, p.now);
    // What was asked before no longer stands: its notices read as handled, and the new figures go to who may approve them.
    handled(tx, 'expenseApproval', row.id, p.actorId, p.now);
    handled(tx, 'expensePayment', row.id, p.actorId, p.now);
    tellWhoActs(db, tx, moved, p.actorId, p.now);
    recordFinanceAction(tx, {
      communityId: p.communityId,
      actorId: p.actorId,
      action: 'expense.changed',
      subject: `expense:${row.id}`,
      details: { from: row.amount, to: amount, ...(categoryId !== row.categoryId ? { categoryFrom: row.categoryId, categoryTo: categoryId } : {}) },
      now: p.now,
    });
    return toExpenseDto(moved, [], authorsOf(tx, row.id));
  });
}

export function toExpenseDto(r: typeof expenses.$inferSelect, approvers: string[], authors: string[], authorName: string | null = null) {
  return {
    id: r.id,
    // Who submitted it (named in `author`), and everyone who put figures into it since, submitter included.
    authorId: r.authorId,
    author: authorName,
    authors,
    amount: r.amount,
    categoryId: r.categoryId,
    description: r.description,
    receipts: JSON.parse(r.receipts) as string[],
    status: r.status,
    approvalsNeeded: r.approvalsNeeded,
    approvers,
    reason: r.reason,
    paidFrom: r.paidFrom,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export function listExpenses(db: DbLike, p: { communityId: number; status?: ExpenseStatus; cursor?: number; limit: number }) {
  const rows = db
    .select({ expense: expenses, firstName: users.firstName, lastName: users.lastName })
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.authorId))
    .where(and(eq(expenses.communityId, p.communityId), p.status ? eq(expenses.status, p.status) : undefined, p.cursor ? lt(expenses.id, p.cursor) : undefined))
    .orderBy(desc(expenses.id))
    .limit(p.limit + 1)
    .all();
  const ids = rows.map((r) => r.expense.id);
  const approvals = ids.length ? db.select().from(expenseApprovals).where(inArray(expenseApprovals.expenseId, ids)).all() : [];
  const authors = ids.length ? db.select().from(expenseAuthors).where(inArray(expenseAuthors.expenseId, ids)).orderBy(expenseAuthors.createdAt).all() : [];
  const by = (id: number) => approvals.filter((a) => a.expenseId === id).map((a) => a.approverId);
  const authorsFor = (id: number) => authors.filter((a) => a.expenseId === id).map((a) => a.userId);
  return toPage(rows, p.limit, (r) => r.expense.id, (r) => toExpenseDto(r.expense, by(r.expense.id), authorsFor(r.expense.id), `${r.firstName} ${r.lastName}`));
}

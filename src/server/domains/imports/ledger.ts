import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { financeAccounts, ledgerEntries, ledgerImports, memberships, payments, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { emailField } from '@shared/schemas/auth';
import { headerKey, IMPORT_KIND_TEXT, parseImportAmount, parseImportDate, parseLedgerKind, type ImportLanguage, type LedgerImportKind } from '@shared/imports';
import { rolesWith } from '@shared/permissions';
import type { Currency } from '@shared/money';
import { conflict, DomainError, forbidden, invalid, notFound } from '../../services/errors';
import { handled, itemKey } from '../../services/needs/notices';
import { notifyCommunity, notifyUser } from '../../services/notifications';
import { recordFinanceAction } from '../../services/finances/audit';
import { builtInCategoryId, requireBooks } from '../../services/finances/books';
import { spreadDuesCredit } from '../../services/finances/dues';
import { appendEntry } from '../../services/finances/ledger';
import { columnsOf, type Problem } from './members';
import type { Sheet } from './sheet';

/*
 * The books' history from a spreadsheet: opening balances per account, past payments (with the
 * member who paid, when there is one) and past expenses, each row one ledger entry dated on the
 * day it happened and marked imported.
 *
 * Four eyes, as for every money movement: the officer who brings the file in submits it (nothing
 * is written to the books), another finance officer reads the same rows and confirms them, and
 * only then are the entries appended, all or none, in one transaction. Each row has a fingerprint
 * (its day, account, amount, kind, member, reference, text): a row already in the books, or
 * waiting in another import, is recognised and skipped, so importing the same file again writes
 * nothing twice.
 */

export type LedgerRow = {
  line: number;
  date: string | null;
  kind: LedgerImportKind | null;
  /** Minor units, positive; an expense is money out. */
  amount: number | null;
  accountId: number | null;
  account: string | null;
  memberId: string | null;
  member: string | null;
  reference: string | null;
  description: string;
  key: string | null;
  /** What confirming will do with the row: add it, or nothing (already in the books, or in an import waiting). */
  action: 'add' | 'alreadyImported' | 'pendingImport' | null;
  problems: Problem[];
};

const DAY = 86_400_000;
const REFERENCE_MAX = 100;
const DESCRIPTION_MAX = 200;
/** The moment an imported day's entry is dated: midday UTC, so the day is the same in every zone the app shows. */
export const dayToMs = (day: string) => Date.parse(`${day}T12:00:00Z`);

const fingerprint = (r: Pick<LedgerRow, 'date' | 'accountId' | 'amount' | 'kind' | 'memberId' | 'reference' | 'description'>) =>
  createHash('sha256')
    .update(JSON.stringify([r.date, r.accountId, r.amount, r.kind, r.memberId, r.reference, r.description]))
    .digest('hex')
    .slice(0, 32);

const signed = (r: { kind: LedgerImportKind | null; amount: number | null }) => (r.kind === 'expense' ? -(r.amount ?? 0) : (r.amount ?? 0));

/** Every row read and checked against the books as they are now; nothing is written. */
export function previewLedger(db: DB, p: { communityId: number; sheet: Sheet; language: ImportLanguage; now: number }) {
  const books = requireBooks(db, p.communityId);
  const currency = books.currency as Currency;
  const cell = columnsOf('ledger', p.sheet, p.language);
  const accounts = db.select({ id: financeAccounts.id, name: financeAccounts.name, balance: financeAccounts.balance }).from(financeAccounts).where(eq(financeAccounts.communityId, p.communityId)).all();
  const accountByKey = new Map(accounts.map((a) => [headerKey(a.name), a]));
  const emails = [...new Set(p.sheet.rows.map((r) => emailField.safeParse(cell(r.cells, 'member'))).flatMap((e) => (e.success && e.data ? [e.data] : [])))];
  const members = new Map<string, { id: string; name: string }>();
  for (let i = 0; i < emails.length; i += 500) {
    for (const m of db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.communityId, p.communityId)))
      .where(inArray(users.email, emails.slice(i, i + 500)))
      .all())
      members.set(m.email, { id: m.id, name: `${m.firstName} ${m.lastName}` });
  }

  const seen = new Map<string, number>();
  const rows: LedgerRow[] = p.sheet.rows.map(({ line, cells }) => {
    const problems: Problem[] = [];
    const rawDate = cell(cells, 'date');
    const date = rawDate ? parseImportDate(rawDate, p.language) : null;
    if (!rawDate) problems.push({ key: 'imports.problems.noDate' });
    else if (!date) problems.push({ key: 'imports.problems.badDate', params: { value: rawDate, format: p.language === 'fr' ? 'JJ/MM/AAAA' : 'MM/DD/YYYY' } });
    else if (dayToMs(date) > p.now + DAY) problems.push({ key: 'imports.problems.futureDate', params: { value: rawDate } });

    const rawKind = cell(cells, 'kind');
    const kind = parseLedgerKind(rawKind);
    if (!kind) problems.push({ key: 'imports.problems.badKind', params: { value: rawKind } });

    const rawAmount = cell(cells, 'amount');
    const amount = rawAmount ? parseImportAmount(rawAmount, currency) : null;
    if (!rawAmount) problems.push({ key: 'imports.problems.noAmount' });
    else if (amount === null) problems.push({ key: 'imports.problems.badAmount', params: { value: rawAmount, currency } });

    const rawAccount = cell(cells, 'account');
    let account = rawAccount ? accountByKey.get(headerKey(rawAccount)) : accounts.length === 1 ? accounts[0] : undefined;
    if (rawAccount && !account) problems.push({ key: 'imports.problems.unknownAccount', params: { value: rawAccount } });
    else if (!account) problems.push({ key: 'imports.problems.accountNeeded' });
    account ??= undefined;

    const rawMember = cell(cells, 'member');
    let member: { id: string; name: string } | undefined;
    if (rawMember) {
      if (kind === 'opening' || kind === 'expense') problems.push({ key: 'imports.problems.memberNotForKind' });
      else {
        const email = emailField.safeParse(rawMember);
        member = email.success ? members.get(email.data) : undefined;
        if (!email.success) problems.push({ key: 'imports.problems.badEmail', params: { value: rawMember } });
        else if (!member) problems.push({ key: 'imports.problems.unknownMember', params: { value: rawMember } });
      }
    }

    const reference = cell(cells, 'reference') || null;
    if (reference && reference.length > REFERENCE_MAX) problems.push({ key: 'imports.problems.referenceLong', params: { max: REFERENCE_MAX } });
    const description = cell(cells, 'description') || (kind ? IMPORT_KIND_TEXT[p.language][kind] : '');
    if (description.length > DESCRIPTION_MAX) problems.push({ key: 'imports.problems.descriptionLong', params: { max: DESCRIPTION_MAX } });

    const row: LedgerRow = { line, date, kind, amount, accountId: account?.id ?? null, account: account?.name ?? null, memberId: member?.id ?? null, member: member?.name ?? null, reference, description, key: null, action: null, problems };
    if (!problems.length) {
      row.key = fingerprint(row);
      const first = seen.get(row.key);
      // Two identical rows are one payment written twice, or two that need a reference to tell them apart.
      if (first) problems.push({ key: 'imports.problems.duplicateRow', params: { line: first } });
      else seen.set(row.key, line);
    }
    return row;
  });

  // Rows already in the books, or waiting in another import, are skipped (not problems).
  const keys = rows.flatMap((r) => (r.key && !r.problems.length ? [r.key] : []));
  const inBooks = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    for (const e of db
      .select({ key: ledgerEntries.importKey })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.communityId, p.communityId), inArray(ledgerEntries.importKey, keys.slice(i, i + 500))))
      .all())
      inBooks.add(e.key!);
  }
  const waiting = new Set(
    db
      .select({ rows: ledgerImports.rows })
      .from(ledgerImports)
      .where(and(eq(ledgerImports.communityId, p.communityId), eq(ledgerImports.status, 'pending')))
      .all()
      .flatMap((i) => (JSON.parse(i.rows) as LedgerRow[]).map((r) => r.key)),
  );
  for (const r of rows) {
    if (r.problems.length) continue;
    r.action = inBooks.has(r.key!) ? 'alreadyImported' : waiting.has(r.key!) ? 'pendingImport' : 'add';
  }

  // The balance never goes below zero: rows are applied by day, so an expense before the money
  // that covers it is refused here, on its line, rather than when the import is confirmed.
  const balances = new Map(accounts.map((a) => [a.id, a.balance]));
  for (const r of inApplyOrder(rows.filter((x) => x.action === 'add'))) {
    const after = balances.get(r.accountId!)! + signed(r);
    if (after < 0) r.problems.push({ key: 'imports.problems.overdrawn', params: { account: r.account } });
    else balances.set(r.accountId!, after);
  }
  for (const r of rows) if (r.problems.length) r.action = null;
  return { currency, rows };
}

/** By day, money in before money out on the same day, then in the file's order. */
const inApplyOrder = (rows: LedgerRow[]) => [...rows].sort((a, b) => a.date!.localeCompare(b.date!) || Number(a.kind === 'expense') - Number(b.kind === 'expense') || a.line - b.line);

const totals = (rows: LedgerRow[]) => ({
  totalIn: rows.filter((r) => r.kind !== 'expense').reduce((s, r) => s + r.amount!, 0),
  totalOut: rows.filter((r) => r.kind === 'expense').reduce((s, r) => s + r.amount!, 0),
});

/** The checked rows wait for another officer: refused (nothing kept) while any row has a problem, and when no row is new. */
export function submitLedger(db: DB, p: { communityId: number; actorId: string; actorName: string; fileName: string; rows: LedgerRow[]; now: number }) {
  const bad = p.rows.filter((r) => r.problems.length);
  if (bad.length) throw invalid('imports.errors.rowsWithProblems', undefined, { count: bad.length });
  const rows = p.rows.filter((r) => r.action === 'add');
  if (!rows.length) throw conflict('imports.errors.nothingNew');
  return db.transaction((tx) => {
    const t = totals(rows);
    const batch = tx
      .insert(ledgerImports)
      .values({ communityId: p.communityId, fileName: p.fileName, rows: JSON.stringify(rows), rowCount: rows.length, ...t, createdBy: p.actorId, createdAt: p.now })
      .returning()
      .get();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'import.submitted', subject: `import:${batch.id}`, details: { rows: rows.length, ...t, file: p.fileName }, now: p.now });
    notifyCommunity(tx, {
      communityId: p.communityId,
      roles: rolesWith('finances.import'),
      exceptUserIds: [p.actorId],
      type: 'info',
      title: 'notifications.ledgerImport.title',
      message: 'notifications.ledgerImport.message',
      params: { name: p.actorName, count: rows.length },
      link: `/community/${p.communityId}/import`,
      // The same people its "Needs you" item falls to (need-sources.ts): confirming or rejecting marks it handled.
      item: itemKey('ledgerImport', batch.id),
      now: p.now,
    });
    return { ...toImportDto(batch, null), skipped: p.rows.length - rows.length };
  });
}

export const ledgerImportCommunity = (db: DbLike, id: number) => db.select({ communityId: ledgerImports.communityId }).from(ledgerImports).where(eq(ledgerImports.id, id)).get()?.communityId;

function pendingImport(tx: DbLike, communityId: number, id: number) {
  const row = tx.select().from(ledgerImports).where(and(eq(ledgerImports.id, id), eq(ledgerImports.communityId, communityId))).get();
  if (!row) throw notFound('imports.errors.notFound');
  if (row.status !== 'pending') throw conflict('imports.errors.decided');
  return row;
}

/** One conditional UPDATE from 'pending': of two decisions at once, one finds it decided (409). */
function decide(tx: DbLike, p: { communityId: number; id: number; status: 'confirmed' | 'rejected'; actorId: string; reason?: string; now: number }) {
  const row = tx
    .update(ledgerImports)
    .set({ status: p.status, decidedBy: p.actorId, decidedAt: p.now, reason: p.reason ?? null })
    .where(and(eq(ledgerImports.id, p.id), eq(ledgerImports.communityId, p.communityId), eq(ledgerImports.status, 'pending')))
    .returning()
    .get();
  if (!row) throw conflict('imports.errors.decided');
  handled(tx, 'ledgerImport', row.id, p.actorId, p.now);
  return row;
}

/**
 * Another officer confirms: every row becomes an entry marked imported, by day, in one
 * transaction; a member's dues or donation also becomes their confirmed payment (imported, with
 * no receipt of ours), so their statement shows it and their dues are covered by it.
 */
export function confirmLedger(db: DB, p: { communityId: number; id: number; actorId: string; actorName: string; now: number }) {
  return db.transaction((tx) => {
    const pending = pendingImport(tx, p.communityId, p.id);
    if (pending.createdBy === p.actorId) throw forbidden('imports.errors.ownImport');
    const batch = decide(tx, { ...p, status: 'confirmed' });
    const rows = JSON.parse(batch.rows) as LedgerRow[];
    const category = (r: LedgerRow) => builtInCategoryId(tx, p.communityId, r.kind === 'dues' ? 'dues' : r.kind === 'donation' ? 'donation' : r.kind === 'expense' ? 'otherExpense' : 'otherIncome');
    const duesMembers = new Set<string>();
    let written = 0;
    for (const r of inApplyOrder(rows)) {
      // Written meanwhile by another import of the same rows: skipped, never twice.
      const exists = tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(and(eq(ledgerEntries.communityId, p.communityId), eq(ledgerEntries.importKey, r.key!))).get();
      if (exists) continue;
      const at = dayToMs(r.date!);
      let paymentId: number | null = null;
      if (r.memberId && (r.kind === 'dues' || r.kind === 'donation')) {
        paymentId = tx
          .insert(payments)
          .values({ communityId: p.communityId, memberId: r.memberId, amount: r.amount!, purpose: r.kind, method: 'other', reference: r.reference, note: r.description, status: 'confirmed', accountId: r.accountId, recordedBy: batch.createdBy, decidedBy: p.actorId, createdAt: at, decidedAt: p.now, imported: true })
          .returning({ id: payments.id })
          .get().id;
        if (r.kind === 'dues') duesMembers.add(r.memberId);
      }
      try {
        appendEntry(tx, {
          communityId: p.communityId,
          accountId: r.accountId!,
          categoryId: category(r),
          amount: signed(r),
          kind: r.kind === 'expense' ? 'expense' : 'payment',
          paymentId,
          memberId: r.memberId,
          description: r.reference ? `${r.description} · ${r.reference}` : r.description,
          createdBy: p.actorId,
          now: at,
          importKey: r.key,
        });
      } catch (error) {
        // The books moved since the preview (an account spent meanwhile): the whole import waits no more.
        if (error instanceof DomainError && error.message === 'errors.finances.insufficient') throw conflict('imports.errors.overdrawnNow');
        throw error;
      }
      written++;
    }
    for (const memberId of duesMembers) spreadDuesCredit(tx, { communityId: p.communityId, memberId });
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'import.confirmed', subject: `import:${batch.id}`, details: { entries: written, totalIn: batch.totalIn, totalOut: batch.totalOut }, now: p.now });
    if (batch.createdBy) {
      notifyUser(tx, { userId: batch.createdBy, type: 'success', title: 'notifications.ledgerImportConfirmed.title', message: 'notifications.ledgerImportConfirmed.message', params: { name: p.actorName, count: written }, link: `/community/${p.communityId}/import`, now: p.now });
    }
    return { ...toImportDto(batch, null), written };
  });
}

/** Rejected by another officer, or withdrawn by its author: nothing reaches the books. */
export function rejectLedger(db: DB, p: { communityId: number; id: number; actorId: string; actorName: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    pendingImport(tx, p.communityId, p.id);
    const batch = decide(tx, { ...p, status: 'rejected' });
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'import.rejected', subject: `import:${batch.id}`, details: { reason: p.reason }, now: p.now });
    if (batch.createdBy && batch.createdBy !== p.actorId) {
      notifyUser(tx, { userId: batch.createdBy, type: 'warning', title: 'notifications.ledgerImportRejected.title', message: 'notifications.ledgerImportRejected.message', params: { name: p.actorName, reason: p.reason }, link: `/community/${p.communityId}/import`, now: p.now });
    }
    return toImportDto(batch, null);
  });
}

function toImportDto(r: typeof ledgerImports.$inferSelect, author: string | null) {
  return {
    id: r.id,
    status: r.status,
    fileName: r.fileName,
    rowCount: r.rowCount,
    totalIn: r.totalIn,
    totalOut: r.totalOut,
    createdBy: r.createdBy,
    author,
    createdAt: new Date(r.createdAt).toISOString(),
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
    reason: r.reason,
  };
}

/** The community's imports, newest first: the pending ones with their rows, for the officer who confirms. */
export function listLedgerImports(db: DB, p: { communityId: number }) {
  const rows = db
    .select({ batch: ledgerImports, firstName: users.firstName, lastName: users.lastName })
    .from(ledgerImports)
    .leftJoin(users, eq(users.id, ledgerImports.createdBy))
    .where(eq(ledgerImports.communityId, p.communityId))
    .orderBy(desc(ledgerImports.id))
    .limit(20)
    .all();
  const currency = requireBooks(db, p.communityId).currency;
  return {
    currency,
    imports: rows.map((r) => ({
      ...toImportDto(r.batch, r.firstName === null ? null : `${r.firstName} ${r.lastName}`),
      rows: r.batch.status === 'pending' ? (JSON.parse(r.batch.rows) as LedgerRow[]).map(({ problems: _, key: __, ...row }) => row) : [],
    })),
  };
}

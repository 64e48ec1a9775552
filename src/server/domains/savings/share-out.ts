import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { savingsCycles, savingsEntries, savingsGroups, savingsShareOuts, type SavingsCycleRow, type SavingsGroupRow, type SavingsShareOutRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { shareOut } from '@shared/savings/share-out';
import { FOUR_EYES_KINDS, LIVE_LOAN_STATUSES } from '@shared/savings/rules';
import { conflict, DomainError, forbidden, invalid, isUniqueViolation, notFound } from '../../services/errors';
import { handled, tellWhoMayAct } from '../../services/needs/notices';
import { moneyText } from '../../services/needs/sql';
import { personName } from '../../services/njangi/notices';
import { notify } from '../../services/notify';
import { openCycleOf } from './cycles';
import { groupLink } from './entries';
import { FUND_OF, moveCash } from './funds';
import { nextReceiptNos } from './receipt-numbers';
import { audit, groupOf, requireOfficer } from './groups';

/*
 * Closing a cycle with its share-out (decision 024, "Share-out"). The fund shared is the loan
 * fund's cash, as its entries count it over the group's whole life: shares, fines and interest in,
 * loans out and principal back, earlier share-outs out. Money still lent is not cash: a loan the
 * group carries into the next cycle stays owed to the group, and what it repays later is shared at
 * the end of the cycle it comes back in. The social fund is never shared: it stays for members'
 * emergencies. Each member with shares gets floor(shares × fund ÷ total shares) (shareOut); what
 * rounding leaves stays in the loan fund's cash for the next cycle, so paid out + carried = fund.
 *
 * Four eyes: one officer proposes (with the loans carried, the fund and shares it saw and a digest of its lines), another
 * confirms, in one transaction that recomputes everything, refuses if the money moved since
 * (409), writes one confirmed `share_out` entry a member (each with the group's next receipt number), takes the cash out of the loan fund and
 * closes the cycle. Every move is a conditional UPDATE on `status = 'pending'`, and one proposal
 * waits a cycle (a partial unique index), so of two confirmations at once one wins.
 */

export const SHARE_OUT_NOT_FOUND = 'errors.savings.shareOutNotFound';

const COUNTED = sql.raw(`status IN ('confirmed', 'reversed')`);
/** The signed sum of one fund's entries, from funds.ts's table: money in positive, money out negative. */
const fundSql = (fund: 'loan' | 'social') => {
  const kinds = Object.entries(FUND_OF).filter(([, f]) => f.fund === fund);
  const list = (sign: 1 | -1) => kinds.filter(([, f]) => f.sign === sign).map(([k]) => `'${k}'`).join(', ');
  return sql.raw(`COALESCE(SUM(CASE WHEN kind IN (${list(1)}) THEN amount WHEN kind IN (${list(-1)}) THEN -amount END), 0)`);
};

export type ShareOutLoan = { id: number; borrowerId: string; borrowerName: string; status: string; outstanding: number };
export type ShareOutFigures = ReturnType<typeof figures>;

/** The open cycle's would-be share-out, read from the entries, with what stands in the way of closing it. */
function figures(tx: DbLike, group: SavingsGroupRow, cycle: SavingsCycleRow) {
  const funds = tx.get<{ loan: number; social: number }>(sql`SELECT
      (SELECT ${fundSql('loan')} FROM savings_entries WHERE group_id = ${group.id} AND ${COUNTED}) AS loan,
      (SELECT ${fundSql('social')} FROM savings_entries WHERE group_id = ${group.id} AND ${COUNTED}) AS social`)!;
  const holdings = tx.all<{ id: string; name: string; shares: number }>(sql`
    SELECT e.member_id AS id, u.first_name || ' ' || u.last_name AS name, SUM(e.shares) AS shares
    FROM savings_entries e JOIN users u ON u.id = e.member_id
    WHERE e.group_id = ${group.id} AND e.cycle_id = ${cycle.id} AND e.kind = 'shares' AND e.${COUNTED}
    GROUP BY e.member_id HAVING SUM(e.shares) > 0 ORDER BY name, e.member_id`);
  const split = shareOut(Math.max(0, funds.loan), holdings);
  const names = new Map(holdings.map((h) => [h.id, h.name]));
  const live = sql.raw(LIVE_LOAN_STATUSES.map((s) => `'${s}'`).join(', '));
  const loans = tx.all<ShareOutLoan>(sql`
    SELECT l.id, l.borrower_id AS borrowerId, u.first_name || ' ' || u.last_name AS borrowerName, l.status,
      l.principal - COALESCE((SELECT SUM(e.amount) FROM savings_entries e WHERE e.loan_id = l.id AND e.kind = 'repayment_principal' AND e.${COUNTED}), 0) AS outstanding
    FROM savings_loans l JOIN users u ON u.id = l.borrower_id
    WHERE l.group_id = ${group.id} AND l.status IN (${live}) ORDER BY l.id`);
  const fourEyes = sql.raw(FOUR_EYES_KINDS.map((k) => `'${k}'`).join(', '));
  const pendingEntries = tx.get<{ n: number }>(sql`SELECT count(*) AS n FROM savings_entries WHERE cycle_id = ${cycle.id} AND status = 'pending' AND kind IN (${fourEyes})`)!.n;
  // A reversal one officer proposed waits for a second as an amount does: made later, it would move a closed cycle's money.
  const pendingReversals = tx.get<{ n: number }>(sql`SELECT count(*) AS n FROM savings_entries WHERE cycle_id = ${cycle.id} AND status = 'confirmed' AND reversal_proposed_by IS NOT NULL`)!.n;
  return {
    fund: split.paidOut + split.carried,
    totalShares: split.totalShares,
    paidOut: split.paidOut,
    carried: split.carried,
    lines: split.lines.map((l) => ({ userId: l.id, name: names.get(l.id) ?? '', shares: l.shares, amount: l.amount })),
    loans,
    pendingEntries,
    pendingReversals,
    socialFund: funds.social,
  };
}

/**
 * What each member would receive, as one SHA-256 kept on the proposal: the fund and the total shares
 * alone let shares moved between members (an equal swap) pass the confirmation unseen.
 */
const linesDigest = (lines: ShareOutFigures['lines']) =>
  createHash('sha256')
    .update(
      [...lines]
        .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
        .map((l) => `${l.userId}:${l.shares}:${l.amount}`)
        .join('\n'),
    )
    .digest('hex');

const withCount = (key: string, count: number) => new DomainError('conflict', key, undefined, undefined, { count });

/**
 * What must hold before a cycle closes: no meeting money or grant waits for a second officer (it
 * could never be confirmed in a closed cycle), nor does a reversal one officer proposed (refused,
 * not dropped: the officers decide it first, and a closed cycle's entries are never reversed), every carried loan is this group's and handed over
 * (active), and every other live loan is settled: repaid, refused or written off.
 */
function assertClosable(f: ShareOutFigures, carry: number[]) {
  if (f.pendingEntries > 0) throw withCount('errors.savings.entriesWaiting', f.pendingEntries);
  if (f.pendingReversals > 0) throw withCount('errors.savings.reversalsWaiting', f.pendingReversals);
  const active = new Set(f.loans.filter((l) => l.status === 'active').map((l) => l.id));
  if (carry.some((id) => !active.has(id))) throw invalid('errors.savings.loanNotCarriable', [{ path: ['carryLoanIds'], message: 'errors.savings.loanNotCarriable' }]);
  const carried = new Set(carry);
  const open = f.loans.filter((l) => !carried.has(l.id)).length;
  if (open > 0) throw withCount('errors.savings.loansOutstanding', open);
}

/** The community a share-out proposal, or a cycle, belongs to (for the guard), or undefined. */
export const shareOutCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: savingsGroups.communityId }).from(savingsShareOuts).innerJoin(savingsGroups, eq(savingsGroups.id, savingsShareOuts.groupId)).where(eq(savingsShareOuts.id, id)).get()?.communityId;
export const cycleCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: savingsGroups.communityId }).from(savingsCycles).innerJoin(savingsGroups, eq(savingsGroups.id, savingsCycles.groupId)).where(eq(savingsCycles.id, id)).get()?.communityId;

const carriedOf = (row: SavingsShareOutRow) => JSON.parse(row.carriedLoanIds) as number[];

function proposalDto(tx: DbLike, row: SavingsShareOutRow) {
  return { id: row.id, status: row.status, proposedById: row.proposedBy, proposedByName: personName(tx, row.proposedBy), carriedLoanIds: carriedOf(row), fund: row.fund, totalShares: row.totalShares, createdAt: row.createdAt };
}

const pendingOf = (tx: DbLike, cycleId: number) => tx.select().from(savingsShareOuts).where(and(eq(savingsShareOuts.cycleId, cycleId), eq(savingsShareOuts.status, 'pending'))).get();

/** The open cycle's share-out as it would be now, for the group's officers. */
export function shareOutPreview(db: DbLike, p: { communityId: number; groupId: number; actorId: string }) {
  const group = groupOf(db, p.communityId, p.groupId);
  requireOfficer(db, group.id, p.actorId);
  const cycle = openCycleOf(db, group.id);
  const f = figures(db, group, cycle);
  const pending = pendingOf(db, cycle.id);
  return {
    cycleId: cycle.id,
    cycleNumber: cycle.number,
    currency: group.currency,
    fund: f.fund,
    totalShares: f.totalShares,
    paidOut: f.paidOut,
    carried: f.carried,
    lines: f.lines,
    outstandingLoans: f.loans,
    pendingEntries: f.pendingEntries,
    pendingReversals: f.pendingReversals,
    socialFund: f.socialFund,
    proposal: pending ? proposalDto(db, pending) : null,
  };
}

/** An officer proposes closing the open cycle, naming the loans carried; the other officers are told. */
export function proposeShareOut(db: DB, p: { communityId: number; groupId: number; actorId: string; carryLoanIds: number[]; now: number }) {
  try {
    return db.transaction((tx) => {
      const group = groupOf(tx, p.communityId, p.groupId);
      requireOfficer(tx, group.id, p.actorId);
      const cycle = openCycleOf(tx, group.id);
      if (pendingOf(tx, cycle.id)) throw conflict('errors.savings.shareOutPending');
      const f = figures(tx, group, cycle);
      assertClosable(f, p.carryLoanIds);
      const carry = [...p.carryLoanIds].sort((a, b) => a - b);
      const row = tx
        .insert(savingsShareOuts)
        .values({ groupId: group.id, cycleId: cycle.id, proposedBy: p.actorId, carriedLoanIds: JSON.stringify(carry), fund: f.fund, totalShares: f.totalShares, linesDigest: linesDigest(f.lines), createdAt: p.now })
        .returning()
        .get();
      audit(tx, group, p.actorId, 'shareOutProposed', { shareOut: row.id, cycle: cycle.number, fund: f.fund, totalShares: f.totalShares, paidOut: f.paidOut, carried: f.carried, carriedLoans: carry }, p.now);
      const name = personName(tx, p.actorId);
      tellWhoMayAct(db, tx, { kind: 'savingsShareOut', id: row.id, by: p.actorId, key: 'savingsShareOutProposed', params: (l) => ({ name, group: group.name, amount: moneyText(f.fund, group.currency, l) }), link: groupLink(group), now: p.now });
      return proposalDto(tx, row);
    });
  } catch (e) {
    // Two officers proposing at once: the partial unique index keeps one.
    if (isUniqueViolation(e)) throw conflict('errors.savings.shareOutPending');
    throw e;
  }
}

/** The proposal with its group, within the community; refused unless the caller is one of the group's officers. */
function proposalFor(tx: DbLike, communityId: number, id: number, actorId: string) {
  const row = tx
    .select({ shareOut: savingsShareOuts, group: savingsGroups, cycle: savingsCycles })
    .from(savingsShareOuts)
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsShareOuts.groupId))
    .innerJoin(savingsCycles, eq(savingsCycles.id, savingsShareOuts.cycleId))
    .where(and(eq(savingsShareOuts.id, id), eq(savingsGroups.communityId, communityId)))
    .get();
  if (!row) throw notFound(SHARE_OUT_NOT_FOUND);
  requireOfficer(tx, row.group.id, actorId);
  if (row.shareOut.status !== 'pending') throw conflict('errors.savings.shareOutDecided');
  return row;
}

/** Moves a pending proposal by one conditional UPDATE (never by its proposer unless withdrawing): of two at once, one wins and the other gets 409. */
function decide(tx: DbLike, id: number, actorId: string, set: Partial<SavingsShareOutRow>, byProposer = false) {
  const row = tx
    .update(savingsShareOuts)
    .set(set)
    .where(and(eq(savingsShareOuts.id, id), eq(savingsShareOuts.status, 'pending'), byProposer ? eq(savingsShareOuts.proposedBy, actorId) : sql`${savingsShareOuts.proposedBy} <> ${actorId}`))
    .returning()
    .get();
  if (!row) throw conflict('errors.savings.shareOutDecided');
  handled(tx, 'savingsShareOut', row.id, actorId, set.decidedAt ?? row.createdAt);
  return row;
}

/**
 * A second officer confirms: in one transaction the share-out is computed again and must be what
 * was proposed, each member's share is written as a confirmed `share_out` entry and leaves the loan
 * fund's cash, and the cycle closes. What rounding left stays in the fund; carried loans stay live.
 */
export function confirmShareOut(db: DB, p: { communityId: number; id: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const { shareOut: proposal, group, cycle } = proposalFor(tx, p.communityId, p.id, p.actorId);
    if (proposal.proposedBy === p.actorId) throw forbidden('errors.savings.ownProposal');
    if (cycle.status !== 'open') throw conflict('errors.savings.cycleClosed');
    const f = figures(tx, group, cycle);
    // A carried loan repaid or written off meanwhile is no longer carried (its repayment moved the fund, caught below).
    const active = new Set(f.loans.filter((l) => l.status === 'active').map((l) => l.id));
    assertClosable(f, carriedOf(proposal).filter((id) => active.has(id)));
    if (f.fund !== proposal.fund || f.totalShares !== proposal.totalShares || linesDigest(f.lines) !== proposal.linesDigest) throw conflict('errors.savings.moneyChanged');
    const row = decide(tx, proposal.id, p.actorId, { status: 'confirmed', decidedBy: p.actorId, decidedAt: p.now, paidOut: f.paidOut, carried: f.carried });
    const paid = f.lines.filter((l) => l.amount > 0);
    if (paid.length) {
      // Money handed to each member, confirmed by a second officer: each takes the group's next receipt number, as every confirmed entry does.
      const first = nextReceiptNos(tx, group.id, paid.length);
      tx.insert(savingsEntries)
        .values(
          // Handed out at the closing meeting, in cash as a VSLA shares out; the proposer recorded it, the confirmer confirmed it.
          paid.map((l, i) => ({ groupId: group.id, cycleId: cycle.id, memberId: l.userId, kind: 'share_out' as const, shares: l.shares, amount: l.amount, method: 'cash' as const, status: 'confirmed' as const, recordedBy: proposal.proposedBy, confirmedBy: p.actorId, decidedAt: p.now, receiptNo: first + i, createdAt: p.now })),
        )
        .run();
      moveCash(tx, group.id, 'share_out', f.paidOut);
    }
    const closed = tx
      .update(savingsCycles)
      .set({ status: 'closed', closedAt: p.now })
      .where(and(eq(savingsCycles.id, cycle.id), eq(savingsCycles.status, 'open')))
      .run().changes;
    if (!closed) throw conflict('errors.savings.cycleClosed');
    audit(tx, group, p.actorId, 'shareOutConfirmed', { shareOut: row.id, cycle: cycle.number, proposedBy: proposal.proposedBy, fund: f.fund, totalShares: f.totalShares, paidOut: f.paidOut, carried: f.carried, members: paid.length, carriedLoans: carriedOf(row) }, p.now);
    for (const l of paid)
      notify(tx, { to: [l.userId], key: 'savingsShareOutPaid', type: 'success', params: (lang) => ({ group: group.name, amount: moneyText(l.amount, group.currency, lang), shares: l.shares }), link: groupLink(group), now: p.now });
    return { ...proposalDto(tx, row), status: row.status, cycleId: cycle.id, paidOut: f.paidOut, carried: f.carried, closedAt: p.now };
  });
}

/** Another officer rejects the proposal, with a reason: nothing moves, the cycle stays open, the proposer is told. */
export function rejectShareOut(db: DB, p: { communityId: number; id: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { shareOut: proposal, group, cycle } = proposalFor(tx, p.communityId, p.id, p.actorId);
    if (proposal.proposedBy === p.actorId) throw forbidden('errors.savings.ownProposal');
    const row = decide(tx, proposal.id, p.actorId, { status: 'rejected', decidedBy: p.actorId, decidedAt: p.now, reason: p.reason });
    audit(tx, group, p.actorId, 'shareOutRejected', { shareOut: row.id, cycle: cycle.number, proposedBy: proposal.proposedBy, reason: p.reason }, p.now);
    const name = personName(tx, p.actorId);
    notify(tx, { to: [proposal.proposedBy], key: 'savingsShareOutRejected', type: 'warning', params: (l) => ({ name, group: group.name, amount: moneyText(proposal.fund, group.currency, l), reason: p.reason }), link: groupLink(group), now: p.now });
    return proposalDto(tx, row);
  });
}

/** The proposer takes their proposal back (to propose again with other carried loans, say). */
export function withdrawShareOut(db: DB, p: { communityId: number; id: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const { shareOut: proposal, group, cycle } = proposalFor(tx, p.communityId, p.id, p.actorId);
    if (proposal.proposedBy !== p.actorId) throw forbidden('errors.savings.proposerOnly');
    const row = decide(tx, proposal.id, p.actorId, { status: 'withdrawn', decidedBy: p.actorId, decidedAt: p.now }, true);
    audit(tx, group, p.actorId, 'shareOutWithdrawn', { shareOut: row.id, cycle: cycle.number }, p.now);
    return proposalDto(tx, row);
  });
}

import { and, eq, sql } from 'drizzle-orm';
import { savingsCycles, savingsEntries, savingsGroups, savingsMeetings, type SavingsCycleRow, type SavingsEntryRow, type SavingsGroupRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { Currency } from '@shared/money';
import { dateInZone } from '@shared/njangi/schedule';
import { FOUR_EYES_KINDS, type EntryMethod, type FineReason } from '@shared/savings/rules';
import { conflict, forbidden, invalid, notFound } from '../../services/errors';
import { handled, itemKey, tellWhoMayAct } from '../../services/needs/notices';
import { moneyText } from '../../services/needs/sql';
import { personName } from '../../services/njangi/notices';
import { notify } from '../../services/notify';
import { attachUpload } from '../../uploads/registry';
import { isUniqueViolation } from '../../services/errors';
import { moveCash } from './funds';
import { audit, requireMember, requireOfficer } from './groups';
import { heldFor, savingsOf } from './holds';
import { nextReceiptNo } from './receipt-numbers';

/*
 * A member's money at a meeting: shares (a count within the cycle's least and most, at its share
 * price), the social fund, fines. An officer records it for members, or a member declares their
 * own; either way it waits, and another officer confirms or rejects it.
 *
 * Four eyes: whoever recorded or declared an amount never confirms or rejects it, and nobody
 * decides on money of their own (an officer's own shares are confirmed by another officer). Every
 * move is one conditional UPDATE on the state it expects, so two officers confirming at once count
 * the money once: the loser gets 409 and writes nothing. A confirmed entry is never changed: a
 * reversing entry (negated amount and shares) corrects it, and the funds' cash moves in the same
 * transaction as every confirmation and reversal.
 */

export const ENTRY_NOT_FOUND = 'errors.savings.entryNotFound';
const MEETING_NOT_FOUND = 'errors.savings.meetingNotFound';

export type Payment = { method: EntryMethod; reference?: string | null; proofUrl?: string | null };
export type Line = { shares?: number; socialFund?: boolean; fines?: FineReason[] };

/** The community a meeting or an entry belongs to (for the guard), or undefined. */
export const meetingCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: savingsGroups.communityId }).from(savingsMeetings).innerJoin(savingsGroups, eq(savingsGroups.id, savingsMeetings.groupId)).where(eq(savingsMeetings.id, id)).get()?.communityId;
export const entryCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: savingsGroups.communityId }).from(savingsEntries).innerJoin(savingsGroups, eq(savingsGroups.id, savingsEntries.groupId)).where(eq(savingsEntries.id, id)).get()?.communityId;

/** Notices lead to the group's own page, where the money and the loans waiting on the reader are. */
export const groupLink = (g: Pick<SavingsGroupRow, 'communityId' | 'id'>) => `/savings/${g.id}`;

/** A meeting money may be recorded for: of an open cycle, and not still ahead in the group's calendar. */
function meetingFor(tx: DbLike, communityId: number, meetingId: number, now: number) {
  const row = tx
    .select({ meeting: savingsMeetings, group: savingsGroups, cycle: savingsCycles })
    .from(savingsMeetings)
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsMeetings.groupId))
    .innerJoin(savingsCycles, eq(savingsCycles.id, savingsMeetings.cycleId))
    .where(and(eq(savingsMeetings.id, meetingId), eq(savingsGroups.communityId, communityId)))
    .get();
  if (!row) throw notFound(MEETING_NOT_FOUND);
  if (row.cycle.status !== 'open') throw conflict('errors.savings.cycleClosed');
  if (row.meeting.date > dateInZone(now, row.group.timeZone)) throw conflict('errors.savings.meetingAhead');
  return row;
}

const FINE_RULE: Record<FineReason, 'fineLate' | 'fineAbsent' | 'fineMissedShares'> = { late: 'fineLate', absent: 'fineAbsent', missed_shares: 'fineMissedShares' };

/** A line's entries as the cycle's rules price them; refused (400) when the rules do not allow it. */
function priced(cycle: SavingsCycleRow, line: Line) {
  const out: { kind: 'shares' | 'social_fund' | 'fine'; shares: number; amount: number; fineReason: FineReason | null }[] = [];
  if (line.shares !== undefined) {
    if (line.shares < cycle.minShares || line.shares > cycle.maxShares) throw invalid('errors.savings.sharesOutOfRange', [{ path: ['shares'], message: 'errors.savings.sharesOutOfRange' }], { min: cycle.minShares, max: cycle.maxShares });
    out.push({ kind: 'shares', shares: line.shares, amount: line.shares * cycle.sharePrice, fineReason: null });
  }
  if (line.socialFund) {
    if (cycle.socialFund <= 0) throw invalid('errors.savings.noSocialFund');
    out.push({ kind: 'social_fund', shares: 0, amount: cycle.socialFund, fineReason: null });
  }
  for (const reason of new Set(line.fines ?? [])) {
    const amount = cycle[FINE_RULE[reason]];
    if (amount <= 0) throw invalid('errors.savings.noSuchFine');
    out.push({ kind: 'fine', shares: 0, amount, fineReason: reason });
  }
  return out;
}

/** Writes the entries, pending; a member's shares or social fund already recorded for the meeting is refused (409). */
function insertPending(tx: DbLike, at: { group: SavingsGroupRow; cycle: SavingsCycleRow; meetingId: number }, memberId: string, recordedBy: string, payment: Payment, line: Line, now: number): SavingsEntryRow[] {
  return priced(at.cycle, line).map((e) =>
    tx
      .insert(savingsEntries)
      .values({ groupId: at.group.id, cycleId: at.cycle.id, meetingId: at.meetingId, memberId, ...e, method: payment.method, reference: payment.reference ?? null, proofUrl: payment.proofUrl ?? null, status: 'pending', recordedBy, createdAt: now })
      .returning()
      .get(),
  );
}

/** A unique index refused a second live record of the same money: 409, nothing written. */
function once<T>(write: () => T): T {
  try {
    return write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('errors.savings.alreadyRecorded');
    throw e;
  }
}

const total = (rows: SavingsEntryRow[]) => rows.reduce((s, r) => s + r.amount, 0);

/** An officer records what members paid at a meeting; every line waits for another officer, who is told. */
export function recordMeeting(db: DB, p: { communityId: number; meetingId: number; actorId: string; payment: Payment; lines: (Line & { userId: string })[]; now: number }) {
  return once(() =>
    db.transaction((tx) => {
      const at = meetingFor(tx, p.communityId, p.meetingId, p.now);
      requireOfficer(tx, at.group.id, p.actorId);
      attachUpload(tx, { url: p.payment.proofUrl, ownerId: p.actorId, field: 'proofUrl', now: p.now });
      const rows = p.lines.flatMap((l) => {
        requireMember(tx, at.group.id, l.userId, 'errors.savings.notAMember');
        return insertPending(tx, { ...at, meetingId: at.meeting.id }, l.userId, p.actorId, p.payment, l, p.now);
      });
      const sum = total(rows);
      audit(tx, at.group, p.actorId, 'recorded', { meeting: at.meeting.number, cycle: at.cycle.number, entries: rows.map((r) => ({ id: r.id, member: r.memberId, kind: r.kind, shares: r.shares, amount: r.amount })), total: sum }, p.now);
      const name = personName(tx, p.actorId);
      tellWhoMayAct(db, tx, {
        kind: 'savingsEntry',
        id: rows[0]!.id,
        by: p.actorId,
        key: 'savingsRecorded',
        params: (l) => ({ name, group: at.group.name, meeting: at.meeting.number, amount: moneyText(sum, at.group.currency, l) }),
        link: groupLink(at.group),
        now: p.now,
      });
      return rows.map(entryDto);
    }),
  );
}

/** A member declares their own shares and social fund for a meeting; the group's officers are told. */
export function declare(db: DB, p: { communityId: number; meetingId: number; userId: string; payment: Payment; line: Line; now: number }) {
  return once(() =>
    db.transaction((tx) => {
      const at = meetingFor(tx, p.communityId, p.meetingId, p.now);
      requireMember(tx, at.group.id, p.userId);
      attachUpload(tx, { url: p.payment.proofUrl, ownerId: p.userId, field: 'proofUrl', now: p.now });
      const rows = insertPending(tx, { ...at, meetingId: at.meeting.id }, p.userId, p.userId, p.payment, { shares: p.line.shares, socialFund: p.line.socialFund }, p.now);
      const sum = total(rows);
      audit(tx, at.group, p.userId, 'declared', { meeting: at.meeting.number, cycle: at.cycle.number, entries: rows.map((r) => ({ id: r.id, kind: r.kind, shares: r.shares, amount: r.amount })), total: sum }, p.now);
      const name = personName(tx, p.userId);
      tellWhoMayAct(db, tx, {
        kind: 'savingsEntry',
        id: rows[0]!.id,
        by: p.userId,
        key: 'savingsDeclared',
        params: (l) => ({ name, group: at.group.name, meeting: at.meeting.number, amount: moneyText(sum, at.group.currency, l) }),
        link: groupLink(at.group),
        now: p.now,
      });
      return rows.map(entryDto);
    }),
  );
}

/** The entry with its group, within the community; refused unless the caller is one of the group's officers. */
function entryForOfficer(tx: DbLike, communityId: number, id: number, actorId: string) {
  const row = tx
    .select({ entry: savingsEntries, group: savingsGroups, cycleStatus: savingsCycles.status })
    .from(savingsEntries)
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsEntries.groupId))
    .innerJoin(savingsCycles, eq(savingsCycles.id, savingsEntries.cycleId))
    .where(and(eq(savingsEntries.id, id), eq(savingsGroups.communityId, communityId)))
    .get();
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  requireOfficer(tx, row.group.id, actorId);
  // A loan's money moves with the loan (its borrower confirms a disbursement; repayments are allocated when confirmed).
  if (!(FOUR_EYES_KINDS as readonly string[]).includes(row.entry.kind)) throw conflict('errors.savings.loanMoney');
  return row;
}

/** Four eyes: neither its author (recorder or declarer) nor its member decides on an amount. */
function assertSecondPair(entry: SavingsEntryRow, actorId: string) {
  if (entry.recordedBy === actorId) throw forbidden('errors.savings.ownRecord');
  if (entry.memberId === actorId) throw forbidden('errors.savings.ownMoney');
}

/** Moves a pending entry by one conditional UPDATE: of two officers deciding at once, one wins and the other gets 409. */
function decide(tx: DbLike, p: { id: number; status: 'confirmed' | 'rejected'; actorId: string; reason?: string; receiptNo?: number; now: number }) {
  const row = tx
    .update(savingsEntries)
    .set({ status: p.status, confirmedBy: p.actorId, decidedAt: p.now, reason: p.reason ?? null, receiptNo: p.receiptNo ?? null })
    .where(and(eq(savingsEntries.id, p.id), eq(savingsEntries.status, 'pending')))
    .returning()
    .get();
  if (!row) throw conflict('errors.savings.decided');
  handled(tx, 'savingsEntry', row.id, p.actorId, p.now);
  return row;
}

type MemberNotice = 'savingsConfirmed' | 'savingsRejected' | 'savingsReversed' | 'savingsGrantApproved' | 'savingsGrantRejected' | 'savingsGrantReversed';
/** What the member is told of their money; a grant is money given to them, with its own words. */
const MEMBER_NOTICE = {
  confirmed: { money: 'savingsConfirmed', grant: 'savingsGrantApproved' },
  rejected: { money: 'savingsRejected', grant: 'savingsGrantRejected' },
  reversed: { money: 'savingsReversed', grant: 'savingsGrantReversed' },
} as const satisfies Record<string, Record<'money' | 'grant', MemberNotice>>;

const tellMember = (tx: DbLike, group: SavingsGroupRow, entry: SavingsEntryRow, what: keyof typeof MEMBER_NOTICE, extra: Record<string, string>, now: number) => {
  const key = MEMBER_NOTICE[what][entry.kind === 'grant' ? 'grant' : 'money'];
  return notify(tx, {
    to: [entry.memberId],
    key,
    type: what === 'confirmed' ? 'success' : 'warning',
    params: (l) => ({ group: group.name, amount: moneyText(Math.abs(entry.amount), group.currency as Currency, l), ...extra }),
    link: groupLink(group),
    // A grant approved waits on its beneficiary to say they have the money.
    item: key === 'savingsGrantApproved' ? itemKey('savingsGrantReceipt', entry.id) : undefined,
    now,
  });
};

/** Another officer confirms: the money is the group's, its fund's cash grows in the same transaction, and it takes the group's next receipt number. */
export function confirmEntry(db: DB, p: { communityId: number; id: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const { entry, group, cycleStatus } = entryForOfficer(tx, p.communityId, p.id, p.actorId);
    if (entry.status !== 'pending') throw conflict('errors.savings.decided');
    assertSecondPair(entry, p.actorId);
    if (cycleStatus !== 'open') throw conflict('errors.savings.cycleClosed');
    const row = decide(tx, { id: entry.id, status: 'confirmed', actorId: p.actorId, receiptNo: nextReceiptNo(tx, group.id), now: p.now });
    moveCash(tx, group.id, row.kind, row.amount);
    audit(tx, group, p.actorId, 'confirmed', { entry: row.id, member: row.memberId, kind: row.kind, shares: row.shares, amount: row.amount, receiptNo: row.receiptNo }, p.now);
    tellMember(tx, group, row, 'confirmed', {}, p.now);
    return entryDto(row);
  });
}

/** Another officer rejects: nothing moves, the reason is kept and the member told. */
export function rejectEntry(db: DB, p: { communityId: number; id: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { entry, group } = entryForOfficer(tx, p.communityId, p.id, p.actorId);
    if (entry.status !== 'pending') throw conflict('errors.savings.decided');
    assertSecondPair(entry, p.actorId);
    const row = decide(tx, { id: entry.id, status: 'rejected', actorId: p.actorId, reason: p.reason, now: p.now });
    audit(tx, group, p.actorId, 'rejected', { entry: row.id, member: row.memberId, kind: row.kind, amount: row.amount, reason: p.reason }, p.now);
    tellMember(tx, group, row, 'rejected', { reason: p.reason }, p.now);
    return entryDto(row);
  });
}

/**
 * Reversing a confirmed entry takes two officers, as every movement of money does: the first call
 * proposes it with a reason (a conditional UPDATE on the entry, which stays counted), a second
 * officer, neither the proposer nor the member whose money it is, writes the reversing entry (the
 * negated amount and shares, confirmed and pointing at it) and marks the original reversed, by a
 * conditional UPDATE (with the unique index on `reverses_id`, two reversals at once count once).
 * Nobody proposes or reverses their own money; a reversal the fund's cash cannot cover (already lent
 * out) is refused, and so is one that would leave a member's savings below what loans hold of them.
 * The caller names its step: proposing while a proposal waits (409 reversalWaiting) or making one
 * when none waits (409 noReversal) is refused, so a stale screen never makes a reversal unseen.
 */
export function reverseEntry(db: DB, p: { communityId: number; id: number; actorId: string; reason: string; step: 'propose' | 'make'; now: number }) {
  try {
    return db.transaction((tx) => {
      const { entry, group, cycleStatus } = entryForOfficer(tx, p.communityId, p.id, p.actorId);
      if (entry.status !== 'confirmed' || entry.reversesId !== null) throw conflict('errors.savings.notReversible');
      if (entry.memberId === p.actorId) throw forbidden('errors.savings.ownMoney');
      if (cycleStatus !== 'open') throw conflict('errors.savings.cycleClosed');
      assertNotHeld(tx, entry);
      if (p.step === 'propose') {
        const proposed = tx
          .update(savingsEntries)
          .set({ reversalProposedBy: p.actorId, reversalReason: p.reason, reversalProposedAt: p.now })
          .where(and(eq(savingsEntries.id, entry.id), eq(savingsEntries.status, 'confirmed'), sql`${savingsEntries.reversalProposedBy} IS NULL`))
          .returning()
          .get();
        if (!proposed) throw conflict('errors.savings.reversalWaiting');
        audit(tx, group, p.actorId, 'reversalProposed', { entry: entry.id, member: entry.memberId, kind: entry.kind, amount: entry.amount, reason: p.reason }, p.now);
        const name = personName(tx, p.actorId);
        tellWhoMayAct(db, tx, { kind: 'savingsReversal', id: entry.id, by: p.actorId, key: 'savingsReversalProposed', params: (l) => ({ name, group: group.name, amount: moneyText(entry.amount, group.currency, l), reason: p.reason }), link: groupLink(group), now: p.now });
        return entryDto(proposed);
      }
      if (entry.reversalProposedBy === null) throw conflict('errors.savings.noReversal');
      if (entry.reversalProposedBy === p.actorId) throw conflict('errors.savings.reversalProposed');
      const marked = tx
        .update(savingsEntries)
        .set({ status: 'reversed' })
        .where(and(eq(savingsEntries.id, entry.id), eq(savingsEntries.status, 'confirmed'), sql`${savingsEntries.reversalProposedBy} IS NOT NULL AND ${savingsEntries.reversalProposedBy} <> ${p.actorId}`))
        .run().changes;
      if (!marked) throw conflict('errors.savings.notReversible');
      const reversal = tx
        .insert(savingsEntries)
        .values({
          groupId: entry.groupId,
          cycleId: entry.cycleId,
          meetingId: entry.meetingId,
          memberId: entry.memberId,
          kind: entry.kind,
          shares: -entry.shares,
          amount: -entry.amount,
          fineReason: entry.fineReason,
          method: entry.method,
          status: 'confirmed',
          recordedBy: entry.reversalProposedBy!,
          confirmedBy: p.actorId,
          decidedAt: p.now,
          reason: p.reason,
          reversesId: entry.id,
          createdAt: p.now,
        })
        .returning()
        .get();
      moveCash(tx, group.id, reversal.kind, reversal.amount);
      audit(tx, group, p.actorId, 'reversed', { entry: entry.id, reversal: reversal.id, member: entry.memberId, kind: entry.kind, amount: entry.amount, proposedBy: entry.reversalProposedBy, proposal: entry.reversalReason, reason: p.reason }, p.now);
      handled(tx, 'savingsReversal', entry.id, p.actorId, p.now);
      tellMember(tx, group, entry, 'reversed', { reason: entry.reversalReason ?? p.reason }, p.now);
      return entryDto(reversal);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('errors.savings.notReversible');
    throw e;
  }
}

/**
 * A reversal proposed and not made is withdrawn by its proposer or declined by another officer
 * (never the member whose money it is), with a reason: the entry keeps counting, the proposal
 * leaves "Needs you", the audit trail keeps both. One conditional UPDATE on the proposal.
 */
export function declineReversal(db: DB, p: { communityId: number; id: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { entry, group } = entryForOfficer(tx, p.communityId, p.id, p.actorId);
    if (entry.memberId === p.actorId) throw forbidden('errors.savings.ownMoney');
    const row = tx
      .update(savingsEntries)
      .set({ reversalProposedBy: null, reversalReason: null, reversalProposedAt: null })
      .where(and(eq(savingsEntries.id, entry.id), eq(savingsEntries.status, 'confirmed'), sql`${savingsEntries.reversalProposedBy} IS NOT NULL`))
      .returning()
      .get();
    if (!row) throw conflict('errors.savings.noReversal');
    audit(tx, group, p.actorId, 'reversalDeclined', { entry: entry.id, proposedBy: entry.reversalProposedBy, proposal: entry.reversalReason, reason: p.reason }, p.now);
    handled(tx, 'savingsReversal', entry.id, p.actorId, p.now);
    return entryDto(row);
  });
}

/** A member's shares never go below what loans hold of them (their own loan's backing, their guarantees): 409 while they do. */
function assertNotHeld(tx: DbLike, entry: SavingsEntryRow) {
  if (entry.kind !== 'shares') return;
  const left = savingsOf(tx, entry.cycleId, entry.memberId) - entry.amount;
  if (left < heldFor(tx, entry.groupId, entry.memberId)) throw conflict('errors.savings.sharesHeld');
}

/** An entry as its member and the group's officers read it. */
export function entryDto(row: SavingsEntryRow) {
  return {
    id: row.id,
    groupId: row.groupId,
    cycleId: row.cycleId,
    meetingId: row.meetingId,
    memberId: row.memberId,
    kind: row.kind,
    shares: row.shares,
    amount: row.amount,
    fineReason: row.fineReason,
    method: row.method,
    reference: row.reference,
    proofUrl: row.proofUrl,
    status: row.status,
    declared: row.recordedBy === row.memberId,
    recordedBy: row.recordedBy,
    confirmedBy: row.confirmedBy,
    decidedAt: row.decidedAt,
    reason: row.reason,
    purpose: row.purpose,
    reversesId: row.reversesId,
    reversalProposedBy: row.reversalProposedBy,
    reversalReason: row.reversalReason,
    receivedAt: row.receivedAt,
    receiptNo: row.receiptNo,
    createdAt: row.createdAt,
  };
}

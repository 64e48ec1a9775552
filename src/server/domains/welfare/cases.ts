import { and, asc, count, desc, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import { memberships, users, welfareCaseDocuments, welfareCases, welfareDependants, type WelfareCaseRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { rolesWith } from '@shared/permissions';
import { CASE_TRANSITIONS, type CaseAction, type CaseStatus } from '@shared/welfare/rules';
import { conflict, DomainError, fieldError, forbidden, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { handled, itemKey } from '../../services/needs/notices';
import { notify } from '../../services/notify';
import { attachUpload } from '../../uploads/registry';
import { requireRight } from '../standing/standing';
import { fundOf, rulesOf } from './funds';
import { caseLink, dateIn, relationshipIn } from './words';

/*
 * Welfare cases: opened by the member, by another member of the family, or by an officer, for a
 * person the fund covers; verified and approved by two different officers, neither of them a party
 * to the case (whoever opened it, the covered member, the beneficiary). Every move follows
 * CASE_TRANSITIONS (src/shared/welfare/rules.ts) and is one conditional UPDATE on the state it
 * expects, so of two concurrent moves one gets 409.
 */

export const CASE_NOT_FOUND = 'errors.welfare.caseNotFound';
const DAY = 86_400_000;

/** The community a case belongs to (for the guard), or undefined. */
export const caseCommunity = (db: DbLike, id: number) => db.select({ communityId: welfareCases.communityId }).from(welfareCases).where(eq(welfareCases.id, id)).get()?.communityId;

export function caseOf(db: DbLike, communityId: number, id: number): WelfareCaseRow {
  const row = db.select().from(welfareCases).where(and(eq(welfareCases.id, id), eq(welfareCases.communityId, communityId))).get();
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

/** Whoever opened the case, the covered member and the beneficiary: none of them decides on it. */
export const partiesOf = (c: Pick<WelfareCaseRow, 'openedBy' | 'memberId' | 'beneficiaryId'>) => [...new Set([c.openedBy, c.memberId, c.beneficiaryId])];

/** The community's welfare officers (the roles the permission table gives welfare.manage). */
export function officersOf(db: DbLike, communityId: number): string[] {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), inArray(memberships.role, rolesWith('welfare.manage'))))
    .all()
    .map((r) => r.userId);
}

const isMember = (db: DbLike, communityId: number, userId: string) =>
  !!db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId))).get();

const nameOf = (db: DbLike, userId: string) => {
  const u = db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).get();
  return u ? `${u.firstName} ${u.lastName}` : '';
};

/**
 * May `actorId` make `action` on this case? The table's rule: the state it starts from, who makes
 * it (an officer who is no party, and for approval not the verifier; or the beneficiary), the
 * fund's financing. The conditional UPDATE checks the state again.
 */
export function assertMove(c: WelfareCaseRow, action: CaseAction, actorId: string, financing: string) {
  const rule = CASE_TRANSITIONS[action];
  if (rule.by === 'beneficiary' && c.beneficiaryId !== actorId) throw forbidden('errors.welfare.beneficiaryOnly');
  if (rule.by === 'officer') {
    if (partiesOf(c).includes(actorId)) throw forbidden(action === 'verify' || action === 'approve' ? 'errors.welfare.partyApproves' : 'errors.welfare.partyActs');
    if (action === 'approve' && c.verifiedBy === actorId) throw forbidden('errors.welfare.secondOfficer');
  }
  if (rule.financing && !rule.financing.includes(financing as never)) throw conflict('errors.welfare.noLevy');
  if (action === 'payBenefit' && financing === 'levy' && c.status !== 'collecting') throw conflict('errors.welfare.levyFirst');
  if (!rule.from.includes(c.status)) throw conflict('errors.welfare.caseState');
}

/** One conditional UPDATE from the state read: the loser of a race gets 409. */
export function moveCase(tx: DbLike, c: WelfareCaseRow, to: CaseStatus, set: Partial<typeof welfareCases.$inferInsert>, now: number): WelfareCaseRow {
  const moved = tx
    .update(welfareCases)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(welfareCases.id, c.id), eq(welfareCases.status, c.status)))
    .returning()
    .get();
  if (!moved) throw conflict('errors.welfare.caseState');
  return moved;
}

type Community = { id: number; name: string; timeZone: string };

export function openCase(
  db: DB,
  p: { community: Community; actorId: string; fundId: number; memberId?: string; dependantId?: number; beneficiaryId?: string; description: string; documents: { url: string; label: string }[]; now: number },
) {
  const communityId = p.community.id;
  const memberId = p.memberId ?? p.actorId;
  return db.transaction((tx) => {
    const fund = fundOf(tx, communityId, p.fundId);
    if (!fund.active) throw conflict('errors.welfare.fundClosed');
    if (!isMember(tx, communityId, memberId)) throw fieldError('invalid', 'memberId', 'errors.community.notAMember');
    const rules = rulesOf(tx, fund.id, fund.version);
    let relationship: WelfareCaseRow['relationship'] = 'member';
    let subjectName = nameOf(tx, memberId);
    if (p.dependantId !== undefined) {
      const d = tx
        .select()
        .from(welfareDependants)
        .where(and(eq(welfareDependants.id, p.dependantId), eq(welfareDependants.communityId, communityId), eq(welfareDependants.memberId, memberId), isNull(welfareDependants.removedAt)))
        .get();
      if (!d) throw fieldError('invalid', 'dependantId', 'errors.welfare.dependantNotFound');
      // Covered: within the fund's limit for the relationship (the earliest registered first), and registered for the waiting period.
      const rank = tx
        .select({ n: count() })
        .from(welfareDependants)
        .where(and(eq(welfareDependants.communityId, communityId), eq(welfareDependants.memberId, memberId), eq(welfareDependants.relationship, d.relationship), isNull(welfareDependants.removedAt), lt(welfareDependants.id, d.id)))
        .get()!.n;
      if (rank >= (rules.limits[d.relationship] ?? 0)) throw fieldError('conflict', 'dependantId', 'errors.welfare.beyondLimit');
      const coveredFrom = d.addedAt + rules.dependantWaitingDays * DAY;
      if (p.now < coveredFrom) throw new DomainError('conflict', 'errors.welfare.dependantWaiting', [{ path: ['dependantId'], message: 'errors.welfare.dependantWaiting' }], undefined, { date: (l: 'en' | 'fr') => dateIn(coveredFrom, p.community.timeZone, l) });
      relationship = d.relationship;
      subjectName = d.name;
    }
    const benefit = rules.benefits[relationship];
    if (benefit === undefined) throw fieldError('conflict', relationship === 'member' ? 'fundId' : 'dependantId', 'errors.welfare.notCovered');
    // The member themself: someone else receives the benefit and confirms it.
    const beneficiaryId = p.beneficiaryId ?? (relationship === 'member' ? undefined : memberId);
    if (!beneficiaryId) throw fieldError('invalid', 'beneficiaryId', 'errors.welfare.beneficiaryRequired');
    if (relationship === 'member' && beneficiaryId === memberId) throw fieldError('invalid', 'beneficiaryId', 'errors.welfare.beneficiaryRequired');
    if (!isMember(tx, communityId, beneficiaryId)) throw fieldError('invalid', 'beneficiaryId', 'errors.community.notAMember');
    // One live case per person and fund.
    const live = tx
      .select({ id: welfareCases.id })
      .from(welfareCases)
      .where(
        and(
          eq(welfareCases.fundId, fund.id),
          eq(welfareCases.memberId, memberId),
          p.dependantId !== undefined ? eq(welfareCases.dependantId, p.dependantId) : isNull(welfareCases.dependantId),
          notInArray(welfareCases.status, ['rejected', 'closed']),
        ),
      )
      .get();
    if (live) throw conflict('errors.welfare.caseExists');
    // Receiving welfare is a right of members in good standing: the covered member's, refused with the way back.
    requireRight(db, { communityId, userId: memberId, right: 'receiveWelfare', now: p.now });
    const row = tx
      .insert(welfareCases)
      .values({
        communityId,
        fundId: fund.id,
        fundVersion: fund.version,
        memberId,
        dependantId: p.dependantId ?? null,
        relationship,
        subjectName,
        description: p.description,
        beneficiaryId,
        benefitAmount: benefit,
        openedBy: p.actorId,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .returning()
      .get();
    p.documents.forEach((d, i) => {
      attachUpload(tx, { url: d.url, ownerId: p.actorId, field: `documents.${i}.url`, now: p.now });
      tx.insert(welfareCaseDocuments).values({ caseId: row.id, url: d.url, label: d.label, uploadedBy: p.actorId, createdAt: p.now }).run();
    });
    recordFinanceAction(tx, { communityId, actorId: p.actorId, action: 'welfare.case_opened', subject: `case:${row.id}`, details: { fund: fund.id, version: fund.version, memberId, relationship, benefit }, now: p.now });
    const member = nameOf(tx, memberId);
    const values = (l: 'en' | 'fr') => ({ member, fund: fund.name, relationship: relationshipIn(relationship, l), community: p.community.name });
    notify(tx, { to: officersOf(tx, communityId).filter((id) => !partiesOf(row).includes(id)), key: 'welfareCaseOpened', params: values, link: caseLink(row.id), item: itemKey('caseToVerify', row.id), now: p.now });
    if (memberId !== p.actorId) notify(tx, { to: [memberId], key: 'welfareCaseForYou', params: values, link: caseLink(row.id), now: p.now });
    return row;
  });
}

/** A paper added to a case by its opener or an officer, while it is decided. */
export function addDocument(db: DB, p: { communityId: number; caseId: number; actorId: string; officer: boolean; url: string; label: string; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    if (!p.officer && c.openedBy !== p.actorId) throw forbidden('errors.welfare.documentsOfficers');
    if (!['open', 'verified'].includes(c.status)) throw conflict('errors.welfare.caseState');
    const n = tx.select({ n: count() }).from(welfareCaseDocuments).where(eq(welfareCaseDocuments.caseId, c.id)).get()!.n;
    if (n >= 10) throw conflict('validation.welfare.documents');
    attachUpload(tx, { url: p.url, ownerId: p.actorId, field: 'url', now: p.now });
    const row = tx.insert(welfareCaseDocuments).values({ caseId: c.id, url: p.url, label: p.label, uploadedBy: p.actorId, createdAt: p.now }).returning().get();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.document_added', subject: `case:${c.id}`, details: { document: row.id }, now: p.now });
    return { id: row.id, url: row.url, label: row.label };
  });
}

/** The first officer's check, then the second officer's approval (never the same one, never a party). */
export function decideCase(db: DB, p: { communityId: number; communityName: string; caseId: number; actorId: string; action: 'verify' | 'approve'; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    const fund = fundOf(tx, p.communityId, c.fundId);
    assertMove(c, p.action, p.actorId, fund.financing);
    const moved = moveCase(tx, c, CASE_TRANSITIONS[p.action].to, p.action === 'verify' ? { verifiedBy: p.actorId } : { approvedBy: p.actorId }, p.now);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: `welfare.case_${p.action === 'verify' ? 'verified' : 'approved'}`, subject: `case:${c.id}`, now: p.now });
    const values = (l: 'en' | 'fr') => ({ member: nameOf(tx, c.memberId), fund: fund.name, relationship: relationshipIn(c.relationship, l), community: p.communityName });
    // Its notices read as handled ("Needs you": need-sources.ts); the next move's name its own item.
    handled(tx, p.action === 'verify' ? 'caseToVerify' : 'caseToApprove', c.id, p.actorId, p.now);
    if (p.action === 'verify') {
      notify(tx, { to: officersOf(tx, p.communityId).filter((id) => id !== p.actorId && !partiesOf(c).includes(id)), key: 'welfareCaseVerified', params: values, link: caseLink(c.id), item: itemKey('caseToApprove', c.id), now: p.now });
    } else {
      notify(tx, { to: partiesOf(c), key: 'welfareCaseApproved', type: 'success', params: values, link: caseLink(c.id), now: p.now });
    }
    return moved;
  });
}

export function rejectCase(db: DB, p: { communityId: number; communityName: string; caseId: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    const fund = fundOf(tx, p.communityId, c.fundId);
    assertMove(c, 'reject', p.actorId, fund.financing);
    const moved = moveCase(tx, c, 'rejected', { rejectedBy: p.actorId, rejectReason: p.reason }, p.now);
    for (const kind of ['caseToVerify', 'caseToApprove'] as const) handled(tx, kind, c.id, p.actorId, p.now);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.case_rejected', subject: `case:${c.id}`, details: { reason: p.reason }, now: p.now });
    notify(tx, { to: partiesOf(c), key: 'welfareCaseRejected', type: 'warning', params: { fund: fund.name, reason: p.reason, community: p.communityName }, link: caseLink(c.id), now: p.now });
    return moved;
  });
}

export function closeCase(db: DB, p: { communityId: number; communityName: string; caseId: number; actorId: string; note: string; now: number }) {
  return db.transaction((tx) => {
    const c = caseOf(tx, p.communityId, p.caseId);
    const fund = fundOf(tx, p.communityId, c.fundId);
    assertMove(c, 'close', p.actorId, fund.financing);
    const moved = moveCase(tx, c, 'closed', { closedBy: p.actorId, closedAt: p.now, closeNote: p.note || null }, p.now);
    handled(tx, 'caseToClose', c.id, p.actorId, p.now);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'welfare.case_closed', subject: `case:${c.id}`, details: { note: p.note }, now: p.now });
    notify(tx, { to: partiesOf(c), key: 'welfareCaseClosed', params: { fund: fund.name, community: p.communityName }, link: caseLink(c.id), now: p.now });
    return moved;
  });
}

/** A case as one viewer may see it: other members see only approved cases, and never their papers or the description. */
export type CaseViewer = { id: string; officer: boolean };
export const seesCase = (c: Pick<WelfareCaseRow, 'status' | 'openedBy' | 'memberId' | 'beneficiaryId'>, v: CaseViewer) =>
  v.officer || partiesOf(c).includes(v.id) || !['open', 'verified', 'rejected'].includes(c.status);
export const seesPapers = (c: Pick<WelfareCaseRow, 'openedBy' | 'beneficiaryId'>, v: CaseViewer) => v.officer || c.openedBy === v.id;

/** The community's cases the viewer may see, newest first, keyset by id. */
export function listCases(db: DbLike, p: { communityId: number; viewer: CaseViewer; status?: CaseStatus; cursor?: number; limit: number }) {
  const items: WelfareCaseRow[] = [];
  let cursor = p.cursor;
  for (;;) {
    const rows = db
      .select()
      .from(welfareCases)
      .where(and(eq(welfareCases.communityId, p.communityId), p.status ? eq(welfareCases.status, p.status) : undefined, cursor ? lt(welfareCases.id, cursor) : undefined))
      .orderBy(desc(welfareCases.id))
      .limit(p.limit * 2 + 1)
      .all();
    for (const r of rows) {
      cursor = r.id;
      if (!seesCase(r, p.viewer)) continue;
      if (items.length === p.limit) return { items, nextCursor: items[items.length - 1]!.id };
      items.push(r);
    }
    if (rows.length < p.limit * 2 + 1) return { items, nextCursor: null };
  }
}

export function documentsOf(db: DbLike, caseId: number) {
  return db
    .select({ id: welfareCaseDocuments.id, url: welfareCaseDocuments.url, label: welfareCaseDocuments.label, createdAt: welfareCaseDocuments.createdAt })
    .from(welfareCaseDocuments)
    .where(eq(welfareCaseDocuments.caseId, caseId))
    .orderBy(asc(welfareCaseDocuments.id))
    .all()
    .map((d) => ({ ...d, createdAt: new Date(d.createdAt).toISOString() }));
}

/** Officers other than the case's parties: who could approve it (the "Needs you" list and the page's hint). */
export function decidersOf(db: DbLike, c: WelfareCaseRow): string[] {
  return officersOf(db, c.communityId).filter((id) => !partiesOf(c).includes(id) && id !== c.verifiedBy);
}

export { nameOf, isMember };

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { memberships, savingsCycles, savingsGroupMembers, savingsGroups, savingsMeetings, users, type SavingsCycleRow, type SavingsGroupRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { SavingsRules } from '@shared/schemas/savings';
import { isOfficer, type GroupRole } from '@shared/savings/rules';
import { conflict, forbidden, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { requireBooks } from '../../services/finances/books';

/*
 * A savings-and-loans group: its row, its rules for the next cycle, its members and officers. The
 * group's roles (chair, treasurer, secretary) are its own and checked here, as a circle's organiser
 * is: the community guard only says the caller may see the community's groups.
 */

export const GROUP_NOT_FOUND = 'errors.savings.groupNotFound';

/** The community a group belongs to (for the guard), or undefined. */
export const groupCommunity = (db: DbLike, id: number) => db.select({ communityId: savingsGroups.communityId }).from(savingsGroups).where(eq(savingsGroups.id, id)).get()?.communityId;

/** The group, within its community (an id of another community's group is unknown here). */
export function groupOf(db: DbLike, communityId: number, id: number): SavingsGroupRow {
  const row = db
    .select()
    .from(savingsGroups)
    .where(and(eq(savingsGroups.id, id), eq(savingsGroups.communityId, communityId)))
    .get();
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

/** Every money or membership action of a group joins the finance audit chain, as a circle's do. */
export const audit = (tx: DbLike, group: Pick<SavingsGroupRow, 'id' | 'communityId'>, actorId: string | null, action: string, details: Record<string, unknown>, now: number) =>
  recordFinanceAction(tx, { communityId: group.communityId, actorId, action: `savings.${action}`, subject: `savings:${group.id}`, details, now });

/** The caller's place in the group: role and status, or null. */
export function placeIn(db: DbLike, groupId: number, userId: string) {
  return (
    db
      .select({ role: savingsGroupMembers.role, status: savingsGroupMembers.status })
      .from(savingsGroupMembers)
      .where(and(eq(savingsGroupMembers.groupId, groupId), eq(savingsGroupMembers.userId, userId)))
      .get() ?? null
  );
}

/** Whether a place in a group is an office held now: a member who left or was refused keeps no officer's view. */
export const isActiveOfficer = (place: { role: string; status: string } | null): place is { role: GroupRole; status: 'active' } => place?.status === 'active' && isOfficer(place.role);

/** Refused unless the caller is one of the group's active officers (chair, treasurer, secretary). */
export function requireOfficer(db: DbLike, groupId: number, userId: string): GroupRole {
  const place = placeIn(db, groupId, userId);
  if (!isActiveOfficer(place)) throw forbidden('errors.savings.officersOnly');
  return place.role;
}

/** Refused unless the person is an active member of the group (officers are members too). */
export function requireMember(db: DbLike, groupId: number, userId: string, message = 'errors.savings.membersOnly') {
  const place = placeIn(db, groupId, userId);
  if (!place || place.status !== 'active') throw forbidden(message);
  return place;
}

/** The rules as stored columns (the allowed loan terms are a JSON array). */
export const ruleColumns = (r: SavingsRules) => ({ ...r, loanTerms: JSON.stringify(r.loanTerms) });

/** The rules of a group or a cycle row, as the inputs write them. */
export function rulesOf(row: SavingsGroupRow | SavingsCycleRow): SavingsRules {
  return {
    frequency: row.frequency,
    cycleMonths: row.cycleMonths,
    sharePrice: row.sharePrice,
    minShares: row.minShares,
    maxShares: row.maxShares,
    socialFund: row.socialFund,
    loanMultipleTenths: row.loanMultipleTenths,
    loanTerms: JSON.parse(row.loanTerms) as number[],
    interestMethod: row.interestMethod,
    rateBps: row.rateBps,
    graceDays: row.graceDays,
    latePenalty: row.latePenalty,
    fineLate: row.fineLate,
    fineAbsent: row.fineAbsent,
    fineMissedShares: row.fineMissedShares,
    shareOutMethod: row.shareOutMethod,
  };
}

/**
 * A new group, in the community's books' currency (as circles take theirs): its creator is its
 * first member and its chair until the officers are named.
 */
export function createGroup(db: DB, p: { communityId: number; actorId: string; name: string; timeZone: string; rules: SavingsRules; now: number }) {
  const currency = requireBooks(db, p.communityId).currency;
  return db.transaction((tx) => {
    const taken = tx
      .select({ id: savingsGroups.id })
      .from(savingsGroups)
      .where(and(eq(savingsGroups.communityId, p.communityId), sql`lower(${savingsGroups.name}) = lower(${p.name})`))
      .get();
    if (taken) throw conflict('errors.savings.nameTaken');
    const row = tx
      .insert(savingsGroups)
      .values({ communityId: p.communityId, name: p.name, currency, timeZone: p.timeZone, ...ruleColumns(p.rules), createdBy: p.actorId, createdAt: p.now })
      .returning()
      .get();
    tx.insert(savingsGroupMembers).values({ groupId: row.id, userId: p.actorId, role: 'chair', status: 'active', createdAt: p.now, decidedBy: p.actorId, decidedAt: p.now }).run();
    audit(tx, row, p.actorId, 'created', { name: row.name, currency, rules: p.rules }, p.now);
    return groupDto(row);
  });
}

/** New rules for the group: they apply from the next cycle; the open cycle keeps its snapshot. */
export function changeRules(db: DB, p: { communityId: number; groupId: number; actorId: string; rules: SavingsRules; now: number }) {
  return db.transaction((tx) => {
    const group = groupOf(tx, p.communityId, p.groupId);
    requireOfficer(tx, group.id, p.actorId);
    const row = tx.update(savingsGroups).set(ruleColumns(p.rules)).where(eq(savingsGroups.id, group.id)).returning().get();
    audit(tx, group, p.actorId, 'rulesChanged', { before: rulesOf(group), after: p.rules }, p.now);
    return groupDto(row);
  });
}

/** What anyone who sees the community's groups may read of a group: its rules and standing, no one's money. */
export function groupDto(row: SavingsGroupRow) {
  const { loanFundCash: _l, socialFundCash: _s, lastReceiptNo: _r, createdBy: _c, ...rest } = row;
  return { ...rest, rules: rulesOf(row) };
}

export const cycleDto = (row: SavingsCycleRow) => ({ id: row.id, number: row.number, startDate: row.startDate, endDate: row.endDate, status: row.status, openedAt: row.openedAt, closedAt: row.closedAt, rules: rulesOf(row) });

/** The open cycle of a group, or its latest. */
export function currentCycle(db: DbLike, groupId: number): SavingsCycleRow | undefined {
  return db.select().from(savingsCycles).where(eq(savingsCycles.groupId, groupId)).orderBy(desc(savingsCycles.number)).limit(1).get();
}

/** A community's groups, newest first, with their member count and the caller's place. */
export function listGroups(db: DbLike, p: { communityId: number; viewerId: string }) {
  return db
    .select({
      group: savingsGroups,
      members: sql<number>`(SELECT count(*) FROM savings_group_members m WHERE m.group_id = ${savingsGroups.id} AND m.status = 'active')`,
      myRole: sql<GroupRole | null>`(SELECT role FROM savings_group_members m WHERE m.group_id = ${savingsGroups.id} AND m.user_id = ${p.viewerId} AND m.status = 'active')`,
      myStatus: sql<string | null>`(SELECT status FROM savings_group_members m WHERE m.group_id = ${savingsGroups.id} AND m.user_id = ${p.viewerId})`,
    })
    .from(savingsGroups)
    .where(eq(savingsGroups.communityId, p.communityId))
    .orderBy(desc(savingsGroups.id))
    .limit(100)
    .all()
    .map((r) => ({ ...groupDto(r.group), members: r.members, myRole: r.myRole, myStatus: r.myStatus }));
}

/**
 * A group as the caller may see it: rules, the current cycle and its meetings, the members and
 * officers by name. The funds' cash only to its members; requests to join only to its officers.
 */
export function groupView(db: DbLike, p: { communityId: number; groupId: number; viewerId: string }) {
  const group = groupOf(db, p.communityId, p.groupId);
  const place = placeIn(db, group.id, p.viewerId);
  const active = place?.status === 'active';
  const officer = isActiveOfficer(place);
  const cycle = currentCycle(db, group.id);
  const meetings = cycle ? db.select({ id: savingsMeetings.id, number: savingsMeetings.number, date: savingsMeetings.date }).from(savingsMeetings).where(eq(savingsMeetings.cycleId, cycle.id)).orderBy(asc(savingsMeetings.number)).all() : [];
  const members = db
    .select({ userId: savingsGroupMembers.userId, firstName: users.firstName, lastName: users.lastName, role: savingsGroupMembers.role, status: savingsGroupMembers.status })
    .from(savingsGroupMembers)
    .innerJoin(users, eq(users.id, savingsGroupMembers.userId))
    .where(and(eq(savingsGroupMembers.groupId, group.id), officer ? sql`${savingsGroupMembers.status} IN ('active', 'pending')` : eq(savingsGroupMembers.status, 'active')))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .all();
  return {
    ...groupDto(group),
    cycle: cycle ? cycleDto(cycle) : null,
    meetings,
    members,
    myRole: active ? place.role : null,
    myStatus: place?.status ?? null,
    funds: active ? { loanFund: group.loanFundCash, socialFund: group.socialFundCash } : null,
  };
}

/** Whether a person is a member of the community (a group only takes the community's members). */
export const inCommunity = (db: DbLike, communityId: number, userId: string) =>
  !!db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId))).get();

import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { duesPlans, membershipCategories, membershipCategoryPlans, memberships, standingSettings, standingSuspensions, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { LOCALES } from '@shared/i18n/languages';
import { DEFAULT_STANDING_RULES, type StandingRules } from '@shared/standing';
import { conflict, fieldError, forbidden, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { generateObligations } from '../../services/finances/dues';
import { notify } from '../../services/notify';

/*
 * What leaders decide about standing: the community's membership categories (each with its dues
 * plans), each member's category, the waiting period and the arrears limit, and suspensions with
 * a reason and an end. Every decision joins the hash-chained audit trail; a member's category
 * decides which dues plans apply to them from then on (obligations already made stay owed).
 */

const DAY = 86_400_000;

export type CategoryInput = { name: string; description?: string; isDefault?: boolean; planIds?: number[] };

function assertPlans(tx: DbLike, communityId: number, planIds: number[] | undefined) {
  if (!planIds?.length) return;
  const found = tx.select({ id: duesPlans.id }).from(duesPlans).where(and(eq(duesPlans.communityId, communityId), inArray(duesPlans.id, planIds))).all();
  if (found.length !== new Set(planIds).size) throw fieldError('invalid', 'planIds', 'errors.standing.planNotFound');
}

function linkPlans(tx: DbLike, categoryId: number, planIds: number[]) {
  tx.delete(membershipCategoryPlans).where(eq(membershipCategoryPlans.categoryId, categoryId)).run();
  for (const planId of new Set(planIds)) tx.insert(membershipCategoryPlans).values({ categoryId, planId }).run();
}

const nameTaken = (tx: DbLike, communityId: number, name: string, except?: number) =>
  tx
    .select({ id: membershipCategories.id })
    .from(membershipCategories)
    .where(and(eq(membershipCategories.communityId, communityId), sql`lower(${membershipCategories.name}) = lower(${name})`, except ? sql`${membershipCategories.id} <> ${except}` : undefined))
    .get();

/** A new category; the community's first one is its default (its members until now are in it). */
export function createCategory(db: DB, p: { communityId: number; actorId: string; input: CategoryInput; now: number }) {
  return db.transaction((tx) => {
    if (nameTaken(tx, p.communityId, p.input.name)) throw fieldError('conflict', 'name', 'errors.standing.categoryTaken');
    assertPlans(tx, p.communityId, p.input.planIds);
    const first = tx.select({ n: count() }).from(membershipCategories).where(eq(membershipCategories.communityId, p.communityId)).get()!.n === 0;
    const isDefault = first || !!p.input.isDefault;
    if (isDefault) tx.update(membershipCategories).set({ isDefault: false }).where(eq(membershipCategories.communityId, p.communityId)).run();
    const row = tx
      .insert(membershipCategories)
      .values({ communityId: p.communityId, name: p.input.name, description: p.input.description ?? '', isDefault, createdAt: p.now })
      .returning()
      .get();
    linkPlans(tx, row.id, p.input.planIds ?? []);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'standing.category_created', subject: `category:${row.id}`, details: { name: row.name, isDefault, plans: p.input.planIds ?? [] }, now: p.now });
    generateObligations(tx, { communityId: p.communityId, now: p.now });
    return row;
  });
}

export function updateCategory(db: DB, p: { communityId: number; id: number; actorId: string; input: Partial<CategoryInput>; now: number }) {
  return db.transaction((tx) => {
    const row = tx.select().from(membershipCategories).where(and(eq(membershipCategories.id, p.id), eq(membershipCategories.communityId, p.communityId))).get();
    if (!row) throw notFound('errors.standing.categoryNotFound');
    if (p.input.name && nameTaken(tx, p.communityId, p.input.name, row.id)) throw fieldError('conflict', 'name', 'errors.standing.categoryTaken');
    if (p.input.isDefault === false && row.isDefault) throw fieldError('invalid', 'isDefault', 'errors.standing.keepDefault');
    assertPlans(tx, p.communityId, p.input.planIds);
    if (p.input.isDefault) tx.update(membershipCategories).set({ isDefault: false }).where(eq(membershipCategories.communityId, p.communityId)).run();
    const updated = tx
      .update(membershipCategories)
      .set({
        ...(p.input.name !== undefined ? { name: p.input.name } : {}),
        ...(p.input.description !== undefined ? { description: p.input.description } : {}),
        isDefault: p.input.isDefault ? true : row.isDefault,
      })
      .where(eq(membershipCategories.id, row.id))
      .returning()
      .get();
    if (p.input.planIds) linkPlans(tx, row.id, p.input.planIds);
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'standing.category_changed', subject: `category:${row.id}`, details: { ...p.input }, now: p.now });
    generateObligations(tx, { communityId: p.communityId, now: p.now });
    return updated;
  });
}

/** The categories with their plans and how many members each holds (members without one count in the default). */
export function listCategories(db: DbLike, communityId: number) {
  const rows = db.select().from(membershipCategories).where(eq(membershipCategories.communityId, communityId)).orderBy(asc(membershipCategories.id)).all();
  if (!rows.length) return [];
  const links = db
    .select({ categoryId: membershipCategoryPlans.categoryId, planId: membershipCategoryPlans.planId })
    .from(membershipCategoryPlans)
    .where(inArray(membershipCategoryPlans.categoryId, rows.map((r) => r.id)))
    .all();
  const fallback = rows.find((r) => r.isDefault)?.id ?? null;
  const counts = db
    .select({ categoryId: memberships.categoryId, n: count() })
    .from(memberships)
    .where(eq(memberships.communityId, communityId))
    .groupBy(memberships.categoryId)
    .all();
  const members = new Map<number, number>();
  for (const c of counts) {
    const id = c.categoryId ?? fallback;
    if (id !== null) members.set(id, (members.get(id) ?? 0) + c.n);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    isDefault: r.isDefault,
    planIds: links.filter((l) => l.categoryId === r.id).map((l) => l.planId),
    members: members.get(r.id) ?? 0,
  }));
}

/** Puts a member in a category; the plans of their new category apply to them from now on. */
export function setMemberCategory(db: DB, p: { communityId: number; userId: string; categoryId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const category = tx.select().from(membershipCategories).where(and(eq(membershipCategories.id, p.categoryId), eq(membershipCategories.communityId, p.communityId))).get();
    if (!category) throw fieldError('invalid', 'categoryId', 'errors.standing.categoryNotFound');
    const moved = tx
      .update(memberships)
      .set({ categoryId: category.id })
      .where(and(eq(memberships.communityId, p.communityId), eq(memberships.userId, p.userId)))
      .returning({ id: memberships.id })
      .get();
    if (!moved) throw notFound('errors.community.notAMember');
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'standing.member_category', subject: `member:${p.userId}`, details: { categoryId: category.id, name: category.name }, now: p.now });
    generateObligations(tx, { communityId: p.communityId, now: p.now, memberId: p.userId });
    return { userId: p.userId, categoryId: category.id };
  });
}

export function getRules(db: DbLike, communityId: number): StandingRules {
  const row = db.select().from(standingSettings).where(eq(standingSettings.communityId, communityId)).get();
  return row ? { waitingDays: row.waitingDays, suspendAfterDays: row.suspendAfterDays } : DEFAULT_STANDING_RULES;
}

export function saveRules(db: DB, p: { communityId: number; actorId: string; rules: StandingRules; now: number }) {
  return db.transaction((tx) => {
    tx.insert(standingSettings)
      .values({ communityId: p.communityId, ...p.rules, updatedAt: p.now })
      .onConflictDoUpdate({ target: standingSettings.communityId, set: { ...p.rules, updatedAt: p.now } })
      .run();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'standing.rules_changed', subject: `community:${p.communityId}`, details: { ...p.rules }, now: p.now });
    return p.rules;
  });
}

/** A leaders' suspension: a reason and an end; the member is told. Nobody suspends themselves. */
export function suspendMember(db: DB, p: { communityId: number; communityName: string; timeZone: string; memberId: string; reason: string; endsAt: number; actorId: string; now: number }) {
  if (p.memberId === p.actorId) throw forbidden('errors.standing.ownSuspension');
  if (p.endsAt <= p.now) throw fieldError('invalid', 'endsAt', 'validation.standing.endsAt');
  return db.transaction((tx) => {
    const member = tx.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, p.communityId), eq(memberships.userId, p.memberId))).get();
    if (!member) throw notFound('errors.community.notAMember');
    const row = tx
      .insert(standingSuspensions)
      .values({ communityId: p.communityId, memberId: p.memberId, reason: p.reason, startsAt: p.now, endsAt: p.endsAt, decidedBy: p.actorId, createdAt: p.now })
      .returning()
      .get();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'standing.suspended', subject: `member:${p.memberId}`, details: { suspension: row.id, reason: p.reason, endsAt: p.endsAt }, now: p.now });
    notify(tx, {
      to: [p.memberId],
      key: 'standingSuspended',
      type: 'warning',
      params: (language) => ({ community: p.communityName, reason: p.reason, date: new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: p.timeZone }).format(p.endsAt) }),
      link: `/community/${p.communityId}?tab=welfare`,
      email: 'all',
      now: p.now,
    });
    return toSuspensionDto(row);
  });
}

/** Ends a suspension in force before its date (once: a conditional update; a second lift is 409). */
export function liftSuspension(db: DB, p: { communityId: number; communityName: string; id: number; reason: string; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const row = tx.select().from(standingSuspensions).where(and(eq(standingSuspensions.id, p.id), eq(standingSuspensions.communityId, p.communityId))).get();
    if (!row) throw notFound('errors.standing.suspensionNotFound');
    const lifted = tx
      .update(standingSuspensions)
      .set({ liftedAt: p.now, liftedBy: p.actorId, liftReason: p.reason })
      .where(and(eq(standingSuspensions.id, row.id), isNull(standingSuspensions.liftedAt), sql`${standingSuspensions.endsAt} > ${p.now}`))
      .returning()
      .get();
    if (!lifted) throw conflict('errors.standing.suspensionOver');
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'standing.suspension_lifted', subject: `member:${row.memberId}`, details: { suspension: row.id, reason: p.reason }, now: p.now });
    notify(tx, { to: [row.memberId], key: 'standingReinstated', type: 'success', params: { community: p.communityName }, link: `/community/${p.communityId}?tab=welfare`, email: 'all', now: p.now });
    return toSuspensionDto(lifted);
  });
}

/** Suspensions of the community (a member's, or all), newest first, with who they are about. */
export function listSuspensions(db: DbLike, p: { communityId: number; memberId?: string; limit: number }) {
  return db
    .select({ s: standingSuspensions, firstName: users.firstName, lastName: users.lastName })
    .from(standingSuspensions)
    .innerJoin(users, eq(users.id, standingSuspensions.memberId))
    .where(and(eq(standingSuspensions.communityId, p.communityId), p.memberId ? eq(standingSuspensions.memberId, p.memberId) : undefined))
    .orderBy(sql`${standingSuspensions.id} DESC`)
    .limit(p.limit)
    .all()
    .map((r) => ({ ...toSuspensionDto(r.s), member: `${r.firstName} ${r.lastName}` }));
}

function toSuspensionDto(r: typeof standingSuspensions.$inferSelect) {
  return {
    id: r.id,
    memberId: r.memberId,
    reason: r.reason,
    startsAt: new Date(r.startsAt).toISOString(),
    endsAt: new Date(r.endsAt).toISOString(),
    liftedAt: r.liftedAt === null ? null : new Date(r.liftedAt).toISOString(),
    liftReason: r.liftReason,
  };
}

export const MAX_SUSPENSION_DAYS = 5 * 366;
export const suspensionLimit = (now: number) => now + MAX_SUSPENSION_DAYS * DAY;

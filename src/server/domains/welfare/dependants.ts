import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { welfareDependants, welfareFunds } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { DependantRelationship } from '@shared/welfare/rules';
import { conflict, forbidden, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { rulesOf } from './funds';

/*
 * The people a member registers as covered. Cover is the fund's to decide when a case opens (its
 * rules then: the benefit per relationship, how many of each relationship, and how long a
 * dependant must have been registered); registering is open to the limit the community's most
 * generous active fund allows, so a member cannot register a twentieth sibling "just in case".
 * A dependant is removed by marking it, never deleted: a case may name it.
 */

export const DEPENDANT_NOT_FOUND = 'errors.welfare.dependantNotFound';

/** The most dependants of a relationship any active fund of the community covers. */
function registrable(db: DbLike, communityId: number, relationship: DependantRelationship): number {
  const funds = db.select({ id: welfareFunds.id, version: welfareFunds.version }).from(welfareFunds).where(and(eq(welfareFunds.communityId, communityId), eq(welfareFunds.active, true))).all();
  return Math.max(0, ...funds.map((f) => rulesOf(db, f.id, f.version).limits[relationship] ?? 0));
}

export function addDependant(db: DB, p: { communityId: number; memberId: string; name: string; relationship: DependantRelationship; now: number }) {
  return db.transaction((tx) => {
    const max = registrable(tx, p.communityId, p.relationship);
    const have = tx
      .select({ n: count() })
      .from(welfareDependants)
      .where(and(eq(welfareDependants.communityId, p.communityId), eq(welfareDependants.memberId, p.memberId), eq(welfareDependants.relationship, p.relationship), isNull(welfareDependants.removedAt)))
      .get()!.n;
    if (have >= max) throw conflict(max === 0 ? 'errors.welfare.relationshipNotCovered' : 'errors.welfare.dependantLimit');
    const row = tx.insert(welfareDependants).values({ communityId: p.communityId, memberId: p.memberId, name: p.name, relationship: p.relationship, addedAt: p.now }).returning().get();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.memberId, action: 'welfare.dependant_added', subject: `dependant:${row.id}`, details: { relationship: row.relationship }, now: p.now });
    return toDependantDto(row);
  });
}

/** The community a dependant belongs to (for the guard), or undefined. */
export const dependantCommunity = (db: DbLike, id: number) =>
  db.select({ communityId: welfareDependants.communityId }).from(welfareDependants).where(eq(welfareDependants.id, id)).get()?.communityId;

/** The member removes one of their own dependants (kept for the cases that name it). */
export function removeDependant(db: DB, p: { communityId: number; id: number; memberId: string; now: number }) {
  return db.transaction((tx) => {
    const row = tx.select().from(welfareDependants).where(and(eq(welfareDependants.id, p.id), eq(welfareDependants.communityId, p.communityId))).get();
    if (!row) throw notFound(DEPENDANT_NOT_FOUND);
    if (row.memberId !== p.memberId) throw forbidden('errors.welfare.notYourDependant');
    const done = tx.update(welfareDependants).set({ removedAt: p.now }).where(and(eq(welfareDependants.id, row.id), isNull(welfareDependants.removedAt))).returning().get();
    if (!done) throw conflict('errors.welfare.dependantRemoved');
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.memberId, action: 'welfare.dependant_removed', subject: `dependant:${row.id}`, now: p.now });
    return toDependantDto(done);
  });
}

export function listDependants(db: DbLike, p: { communityId: number; memberId: string }) {
  return db
    .select()
    .from(welfareDependants)
    .where(and(eq(welfareDependants.communityId, p.communityId), eq(welfareDependants.memberId, p.memberId), isNull(welfareDependants.removedAt)))
    .orderBy(asc(welfareDependants.relationship), asc(welfareDependants.addedAt), asc(welfareDependants.id))
    .all()
    .map(toDependantDto);
}

export function toDependantDto(r: typeof welfareDependants.$inferSelect) {
  return { id: r.id, name: r.name, relationship: r.relationship, addedAt: new Date(r.addedAt).toISOString(), removedAt: r.removedAt === null ? null : new Date(r.removedAt).toISOString() };
}

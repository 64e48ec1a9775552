import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { memberships, paymentReferences, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { isUniqueViolation } from '../../services/errors';

/*
 * A member's payment reference: HB- and four characters, stable per community, asked for in the
 * transfer's note so a statement line names who paid. The alphabet leaves out 0/O, 1/I/L and U so a
 * reference read aloud or typed from a screenshot comes back the same; 30⁴ = 810,000 per community.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

const draw = () => `HB-${Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/**
 * Gives a new member their reference, in the transaction that adds them (community-writes.ts). Drawn
 * again on the rare clash with another member's; a member who has one keeps it.
 */
export function assignReference(tx: DbLike, p: { communityId: number; userId: string; now: number }): void {
  for (let attempt = 0; ; attempt++) {
    try {
      tx.insert(paymentReferences).values({ communityId: p.communityId, userId: p.userId, reference: draw(), createdAt: p.now }).onConflictDoNothing({ target: [paymentReferences.communityId, paymentReferences.userId] }).run();
      return;
    } catch (e) {
      if (!isUniqueViolation(e) || attempt > 20) throw e;
    }
  }
}

/**
 * The members who have no reference yet (those of before references, whom the migration drew for
 * in SQL where a clash was skipped) get one: the daily job's part, so reads never write.
 */
export function assignMissingReferences(db: DB, now: number): number {
  const missing = db.all<{ communityId: number; userId: string }>(sql`
    SELECT m.community_id AS communityId, m.user_id AS userId FROM memberships m
    WHERE NOT EXISTS (SELECT 1 FROM payment_references r WHERE r.community_id = m.community_id AND r.user_id = m.user_id)`);
  db.transaction((tx) => {
    for (const m of missing) assignReference(tx, { ...m, now });
  });
  return missing.length;
}

/** The member's reference in the community (null only for a member the daily job has not reached yet). */
export function referenceOf(db: DbLike, p: { communityId: number; userId: string }): string | null {
  return db.select({ reference: paymentReferences.reference }).from(paymentReferences).where(and(eq(paymentReferences.communityId, p.communityId), eq(paymentReferences.userId, p.userId))).get()?.reference ?? null;
}

/** Every member's reference (the treasurer's list). */
export function communityReferences(db: DbLike, communityId: number) {
  return db
    .select({ userId: memberships.userId, firstName: users.firstName, lastName: users.lastName, reference: paymentReferences.reference })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(paymentReferences, and(eq(paymentReferences.communityId, memberships.communityId), eq(paymentReferences.userId, memberships.userId)))
    .where(eq(memberships.communityId, communityId))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .all()
    .map((m) => ({ userId: m.userId, name: `${m.firstName} ${m.lastName}`, reference: m.reference }));
}

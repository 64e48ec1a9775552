import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../../../db/database';
import { circles, communities, emailTokens, joinRequests, memberships, notifications, users, type UserRow } from '../../../../db/schema';
import { invalidateUserSessions } from '../../auth/session';
import { recordAudit } from '../audit';
import { dropMember } from '../community-writes';
import { conflict, DomainError } from '../errors';
import { FORMER_MEMBER } from '@shared/constants';

/*
 * Deleting an account. The row stays, so the books and the savings circles that name it still
 * balance, but everything that identifies the person goes: names become "Former member", email,
 * username, phone, place, birthday, photo and bio are erased, the password is removed (nobody can
 * sign in to it), every session and pending token ends, and the person leaves every community.
 * What they wrote stays under "Former member" unless they ask for it to be removed: then their
 * discussion replies and chat messages are deleted, and their topics too when nobody else replied.
 * Money records are never removed. A community's creator hands it over first, and an organiser
 * of a savings circle that has not finished ends or hands it first: both would leave others stranded.
 */


export function deletionBlockers(db: DB, userId: string) {
  const created = db.select({ name: communities.name }).from(communities).where(eq(communities.creatorId, userId)).all();
  const organising = db
    .select({ name: circles.name })
    .from(circles)
    .where(and(eq(circles.organiserId, userId), inArray(circles.status, ['recruiting', 'active'])))
    .all();
  return { communities: created.map((c) => c.name), circles: organising.map((c) => c.name) };
}

export function deleteAccount(db: DB, p: { user: UserRow; removePosts: boolean; actor: { id: string; email: string }; byStaff: boolean; now: number }) {
  const blockers = deletionBlockers(db, p.user.id);
  if (blockers.communities.length) throw new DomainError('conflict', 'errors.account.handOverFirst', undefined, undefined, { names: blockers.communities.join(', ') });
  if (blockers.circles.length) throw new DomainError('conflict', 'errors.account.circlesFirst', undefined, undefined, { names: blockers.circles.join(', ') });
  const id = p.user.id;
  return db.transaction((tx) => {
    // Conditional: two deletions at once cannot both run (the second finds it deleted).
    const erased = tx
      .update(users)
      .set({
        ...FORMER_MEMBER,
        email: `deleted-${id}@deleted.invalid`,
        username: null,
        phoneNumber: null,
        location: null,
        birthday: null,
        tShirtSize: null,
        socialMedia: null,
        profileImageUrl: null,
        bio: null,
        passwordHash: null,
        isEmailVerified: false,
        mustChangePassword: false,
        role: 'user',
        notifyNewEvents: false,
        notifyDiscussionsEmail: false,
        contactVisibility: 'leaders',
        deletedAt: p.now,
        updatedAt: p.now,
      })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .run();
    if (erased.changes === 0) throw conflict('errors.account.alreadyDeleted');

    invalidateUserSessions(tx, id);
    tx.delete(emailTokens).where(eq(emailTokens.userId, id)).run();
    tx.delete(notifications).where(eq(notifications.userId, id)).run();
    tx.delete(joinRequests).where(eq(joinRequests.userId, id)).run();
    // The second factor's key, recovery codes and pending sign-in steps are secrets of the account.
    tx.run(sql`DELETE FROM second_factors WHERE user_id = ${id}`);
    tx.run(sql`DELETE FROM recovery_codes WHERE user_id = ${id}`);
    tx.run(sql`DELETE FROM sign_in_challenges WHERE user_id = ${id}`);
    const communityIds = tx.select({ id: memberships.communityId }).from(memberships).where(eq(memberships.userId, id)).all();
    for (const c of communityIds) dropMember(tx, { communityId: c.id, userId: id });
    // Chat: no longer in any private conversation; read marks go too.
    tx.run(sql`DELETE FROM conversation_members WHERE user_id = ${id}`);
    tx.run(sql`DELETE FROM conversation_reads WHERE user_id = ${id}`);
    // Invitations sent to the old address can no longer be for this person.
    tx.run(sql`UPDATE invitations SET status = 'cancelled' WHERE email = ${p.user.email} AND status = 'pending'`);
    // A photo nobody uses any more is swept with the other unused uploads.
    tx.run(sql`UPDATE uploads SET attached_at = NULL WHERE owner_id = ${id} AND purpose IN ('avatar')`);

    let removed = { replies: 0, topics: 0, messages: 0 };
    if (p.removePosts) {
      // Topics others replied in stay (their replies would lose their context); the rest go.
      removed.topics = tx.run(sql`DELETE FROM topics WHERE author_id = ${id}
        AND NOT EXISTS (SELECT 1 FROM topic_replies r WHERE r.topic_id = topics.id AND (r.author_id IS NULL OR r.author_id <> ${id}))`).changes;
      const touched = tx.all<{ topicId: number }>(sql`SELECT DISTINCT topic_id AS topicId FROM topic_replies WHERE author_id = ${id}`);
      removed.replies = tx.run(sql`DELETE FROM topic_replies WHERE author_id = ${id}`).changes;
      // The topics' counters follow their rows, as every other reply deletion keeps them.
      for (const t of touched) {
        tx.run(sql`UPDATE topics SET reply_count = (SELECT count(*) FROM topic_replies r WHERE r.topic_id = topics.id AND r.hidden_at IS NULL) WHERE id = ${t.topicId}`);
      }
      removed.messages = tx.run(sql`UPDATE messages SET body = '', attachment_name = NULL, deleted_at = ${p.now}, deleted_by = ${id}
        WHERE author_id = ${id} AND deleted_at IS NULL`).changes;
    }

    recordAudit(tx, {
      actor: p.actor,
      action: p.byStaff ? 'user.deleted' : 'account.deleted',
      target: { type: 'user', id, label: `${p.user.firstName} ${p.user.lastName}` },
      details: { removePosts: p.removePosts, communitiesLeft: communityIds.length, ...removed },
      now: p.now,
    });
    return { deleted: true as const, communitiesLeft: communityIds.length, removed };
  });
}

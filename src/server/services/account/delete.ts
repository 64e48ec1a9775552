import { and, eq, isNull } from 'drizzle-orm';
import type { DB } from '../../../../db/database';
import { users, type UserRow } from '../../../../db/schema';
import { recordAudit } from '../audit';
import { DOMAINS } from '../../domains';
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

const blockersOf = () => DOMAINS.flatMap((d) => Object.entries(d.deletionBlockers ?? {}));

/** What the person must hand over or end first, by kind (each domain says what blocks it: communities they created, circles they organise). */
export function deletionBlockers(db: DB, userId: string): Record<string, string[]> {
  return Object.fromEntries(blockersOf().map(([kind, b]) => [kind, b.names(db, userId)]));
}

export function deleteAccount(db: DB, p: { user: UserRow; removePosts: boolean; actor: { id: string; email: string }; byStaff: boolean; now: number }) {
  for (const [, blocker] of blockersOf()) {
    const names = blocker.names(db, p.user.id);
    if (names.length) throw new DomainError('conflict', blocker.message, undefined, undefined, { names: names.join(', ') });
  }
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
        contactVisibility: 'leaders',
        deletedAt: p.now,
        updatedAt: p.now,
      })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .run();
    if (erased.changes === 0) throw conflict('errors.account.alreadyDeleted');

    // Each domain erases what it holds of the person (domains/*.ts), with the address they had.
    const counts: Record<string, number> = {};
    for (const domain of DOMAINS) Object.assign(counts, domain.erase?.(tx, { user: p.user, removePosts: p.removePosts, now: p.now }));
    const { communitiesLeft = 0, ...rest } = counts;
    const removed = { replies: rest.replies ?? 0, topics: rest.topics ?? 0, messages: rest.messages ?? 0 };

    recordAudit(tx, {
      actor: p.actor,
      action: p.byStaff ? 'user.deleted' : 'account.deleted',
      target: { type: 'user', id },
      details: { removePosts: p.removePosts, communitiesLeft, ...removed },
      now: p.now,
    });
    return { deleted: true as const, communitiesLeft, removed };
  });
}

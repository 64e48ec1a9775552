import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { communities, invitations, inviteLinks, membershipCategories, users, type InvitationRow, type InviteLinkRow, type UserRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { conflict, DomainError, forbidden, notFound } from '../errors';
import { notifyUser } from '../notifications';
import { handled } from '../needs/notices';
import { getSettings } from '../settings';
import { announceCommunityJoined } from '../chat/conversations';
import { isMember, joinByInvitation } from './join';
import { hashToken, INV_MSG } from './tokens';
import { setMemberCategory } from '../../domains/standing/rules';

const categoryOf = (db: DbLike, communityId: number, id: number) =>
  db.select({ id: membershipCategories.id }).from(membershipCategories).where(and(eq(membershipCategories.id, id), eq(membershipCategories.communityId, communityId))).get();

/*
 * Answering an invitation. A token is either an email invitation's (one address, used once) or an
 * invite link's (any account, up to its number of uses). Every state change is a conditional
 * UPDATE (still pending / still below the limit, not revoked, not expired), so two requests at
 * once cannot both win: the loser gets the same refusal as a late caller.
 */

type Found = { kind: 'email'; row: InvitationRow } | { kind: 'link'; row: InviteLinkRow };

function byToken(db: DbLike, token: string): Found | undefined {
  const hash = hashToken(token);
  const email = db.select().from(invitations).where(eq(invitations.tokenHash, hash)).get();
  if (email) return { kind: 'email', row: email };
  const link = db.select().from(inviteLinks).where(eq(inviteLinks.tokenHash, hash)).get();
  return link ? { kind: 'link', row: link } : undefined;
}

const communityOf = (db: DbLike, id: number) =>
  db.select({ id: communities.id, name: communities.name, description: communities.description, imageUrl: communities.imageUrl, isPublic: communities.isPublic, isHidden: communities.isHidden, memberCount: communities.memberCount }).from(communities).where(eq(communities.id, id)).get();

/** Why a found invitation cannot be used now, or null when it can. */
function refusal(found: Found, now: number): string | null {
  if (found.kind === 'email') {
    const r = found.row;
    if (r.status === 'cancelled') return INV_MSG.cancelled;
    if (r.status !== 'pending') return INV_MSG.used;
    if (r.expiresAt <= now) return INV_MSG.expired;
    return null;
  }
  const l = found.row;
  if (l.revokedAt !== null) return INV_MSG.revoked;
  if (l.expiresAt <= now) return INV_MSG.expired;
  if (l.uses >= l.maxUses) return INV_MSG.usedUp;
  return null;
}

export type Joined = { communityId: number; community: { id: number; name: string } };

/** An email invitation answered yes by the account it was addressed to. */
function acceptEmailInvitation(db: DB, row: InvitationRow, user: UserRow, now: number): Joined {
  const community = communityOf(db, row.communityId);
  if (!community || community.isHidden) throw notFound(INV_MSG.invalid);
  if (isMember(db, row.communityId, user.id)) {
    // Used up all the same: the link in the mailbox should not stay live for someone else.
    db.update(invitations).set({ status: 'accepted', respondedBy: user.id, respondedAt: now }).where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending'))).run();
    handled(db, 'invitation', row.id, user.id, now);
    throw conflict(INV_MSG.alreadyMember);
  }
  db.transaction((tx) => {
    const taken = tx
      .update(invitations)
      .set({ status: 'accepted', respondedBy: user.id, respondedAt: now })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
      .returning({ id: invitations.id })
      .get();
    if (!taken) throw conflict(INV_MSG.used);
    handled(tx, 'invitation', row.id, user.id, now);
    if (!joinByInvitation(tx, { communityId: row.communityId, userId: user.id, decidedBy: row.invitedBy, now })) throw conflict(INV_MSG.alreadyMember);
    // The membership category a spreadsheet import gave them, if the community still has it.
    if (row.membershipCategoryId !== null && categoryOf(tx, row.communityId, row.membershipCategoryId)) {
      setMemberCategory(tx as unknown as DB, { communityId: row.communityId, userId: user.id, categoryId: row.membershipCategoryId, actorId: row.invitedBy ?? user.id, now });
    }
    if (row.invitedBy && row.invitedBy !== user.id) {
      notifyUser(tx, { userId: row.invitedBy, type: 'success', title: 'invitations.acceptedNotice.title', message: 'invitations.acceptedNotice.message', params: { name: `${user.firstName} ${user.lastName}`, community: community.name }, link: `/community/${community.id}`, now });
    }
  });
  announceCommunityJoined(db, community.id, user.id);
  return { communityId: community.id, community: { id: community.id, name: community.name } };
}

function acceptLink(db: DB, row: InviteLinkRow, user: UserRow, now: number, opts: { skipVerification?: boolean } = {}): Joined {
  const community = communityOf(db, row.communityId);
  if (!community || community.isHidden) throw notFound(INV_MSG.invalid);
  if (isMember(db, row.communityId, user.id)) throw conflict(INV_MSG.alreadyMember);
  // A link reaches people nobody vouched for: the installation's rule for joining applies.
  if (!opts.skipVerification && getSettings(db).requireEmailVerification && !user.isEmailVerified) throw forbidden(INV_MSG.verifyFirst);
  db.transaction((tx) => {
    const used = tx
      .update(inviteLinks)
      .set({ uses: sql`${inviteLinks.uses} + 1` })
      .where(and(eq(inviteLinks.id, row.id), lt(inviteLinks.uses, inviteLinks.maxUses), sql`${inviteLinks.revokedAt} IS NULL`, gt(inviteLinks.expiresAt, now)))
      .returning({ id: inviteLinks.id })
      .get();
    if (!used) throw conflict(INV_MSG.usedUp);
    // Thrown inside the transaction, so the use just counted is given back.
    if (!joinByInvitation(tx, { communityId: row.communityId, userId: user.id, decidedBy: row.createdBy, now })) throw conflict(INV_MSG.alreadyMember);
  });
  announceCommunityJoined(db, community.id, user.id);
  return { communityId: community.id, community: { id: community.id, name: community.name } };
}

/** invitations.accept: the token from an email or a shared link, for the signed-in account. */
export function acceptToken(db: DB, p: { token: string; user: UserRow; now: number }): Joined {
  const found = byToken(db, p.token);
  if (!found) throw notFound(INV_MSG.invalid);
  const why = refusal(found, p.now);
  if (why) throw conflict(why);
  if (found.kind === 'email') {
    // An email invitation is for the address it went to; another account holding the link may not use it.
    if (found.row.email !== p.user.email.toLowerCase()) throw forbidden(INV_MSG.wrongAccount);
    return acceptEmailInvitation(db, found.row, p.user, p.now);
  }
  return acceptLink(db, found.row, p.user, p.now);
}

/** An invitation addressed to the caller's own, verified, address; anyone else's is not found. */
function ownInvitation(db: DbLike, id: number, user: UserRow): InvitationRow {
  // Without a verified address anyone could sign up with someone else's and take their invitations.
  if (!user.isEmailVerified) throw forbidden(INV_MSG.verifyFirst);
  const row = db.select().from(invitations).where(and(eq(invitations.id, id), eq(invitations.email, user.email.toLowerCase()))).get();
  if (!row) throw notFound(INV_MSG.notFound);
  return row;
}

export function acceptById(db: DB, p: { id: number; user: UserRow; now: number }): Joined {
  const row = ownInvitation(db, p.id, p.user);
  const why = refusal({ kind: 'email', row }, p.now);
  if (why) throw conflict(why);
  return acceptEmailInvitation(db, row, p.user, p.now);
}

export function declineInvitation(db: DB, p: { id: number; user: UserRow; now: number }) {
  const row = ownInvitation(db, p.id, p.user);
  const declined = db
    .update(invitations)
    .set({ status: 'declined', respondedBy: p.user.id, respondedAt: p.now })
    .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id })
    .get();
  if (!declined) throw conflict(row.status === 'cancelled' ? INV_MSG.cancelled : INV_MSG.used);
  handled(db, 'invitation', row.id, p.user.id, p.now);
  return { success: true as const };
}

/** The caller's pending, unexpired invitations (only once their address is verified). */
export function myInvitations(db: DB, p: { user: UserRow; now: number }) {
  if (!p.user.isEmailVerified) return [];
  const rows = db
    .select({
      id: invitations.id,
      message: invitations.message,
      expiresAt: invitations.expiresAt,
      sentAt: invitations.lastSentAt,
      communityId: communities.id,
      name: communities.name,
      description: communities.description,
      imageUrl: communities.imageUrl,
      isPublic: communities.isPublic,
      memberCount: communities.memberCount,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
    })
    .from(invitations)
    .innerJoin(communities, eq(communities.id, invitations.communityId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.email, p.user.email.toLowerCase()), eq(invitations.status, 'pending'), gt(invitations.expiresAt, p.now), eq(communities.isHidden, false)))
    .orderBy(desc(invitations.id))
    .limit(100)
    .all();
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    sentAt: new Date(r.sentAt).toISOString(),
    expiresAt: new Date(r.expiresAt).toISOString(),
    community: { id: r.communityId, name: r.name, description: r.description, imageUrl: r.imageUrl, isPublic: !!r.isPublic, memberCount: r.memberCount },
    inviter: r.inviterFirst ? { name: `${r.inviterFirst} ${r.inviterLast}` } : null,
  }));
}

/**
 * What /invite/<token> shows before anyone signs in. An unknown, used, expired, cancelled or
 * revoked token, and one into a hidden community, all answer the same { valid: false }.
 */
export function previewInvitation(db: DB, p: { token: string; viewerId: string | null; now: number }) {
  const found = byToken(db, p.token);
  if (!found || refusal(found, p.now)) return { valid: false as const };
  const community = communityOf(db, found.row.communityId);
  if (!community || community.isHidden) return { valid: false as const };
  const inviterId = found.kind === 'email' ? found.row.invitedBy : found.row.createdBy;
  const inviter = inviterId ? db.select({ firstName: users.firstName }).from(users).where(eq(users.id, inviterId)).get() : undefined;
  return {
    valid: true as const,
    kind: found.kind,
    community: { id: community.id, name: community.name, description: community.description, imageUrl: community.imageUrl, isPublic: !!community.isPublic, memberCount: community.memberCount },
    inviterFirstName: inviter?.firstName ?? null,
    /** The address an email invitation went to (the sign-up form fills it in); null for a link. */
    email: found.kind === 'email' ? found.row.email : null,
    expiresAt: new Date(found.row.expiresAt).toISOString(),
    alreadyMember: p.viewerId ? isMember(db, community.id, p.viewerId) : false,
  };
}

/**
 * Sign-up with ?invite=<token>: the new account joins at once when the invitation is for it (an
 * email invitation to the address just registered, or a live link). Anything else leaves the
 * invitation as it was and the account as created: a bad invitation never fails a sign-up.
 */
export function joinOnSignUp(db: DB, p: { token: string; user: UserRow; now: number }): Joined | null {
  const found = byToken(db, p.token);
  if (!found || refusal(found, p.now)) return null;
  try {
    if (found.kind === 'email') {
      if (found.row.email !== p.user.email.toLowerCase()) return null;
      const joined = acceptEmailInvitation(db, found.row, p.user, p.now);
      // The token was read from that mailbox: the address is proven, as a verification link would prove it.
      db.update(users).set({ isEmailVerified: true, updatedAt: p.now }).where(eq(users.id, p.user.id)).run();
      return joined;
    }
    return acceptLink(db, found.row, p.user, p.now, { skipVerification: true });
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** The account with this id, fresh (after a sign-up the context has none). */
export const userById = (db: DbLike, id: string) => db.select().from(users).where(eq(users.id, id)).get();

import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { communities, invitations, memberships, users } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import { recordAudit } from '../audit';
import { conflict, notFound, tooMany } from '../errors';
import { notifyUser } from '../notifications';
import { handled, itemKey } from '../needs/notices';
import { queueInvitationMail } from '../../mail/invitation-mail';
import { assertSenderWithinLimit, restingAddresses } from './limits';
import { DAILY_EMAIL_LIMIT, DAY_MS, EMAIL_INVITATION_TTL_MS, INV_MSG, newInvitationToken } from './tokens';

/** One invitation email, queued in the invitations' transaction (the raw token lives only in the queued mail until it is sent). */
export type OutgoingInvitation = { email: string; token: string; language: Language; firstName: string | null };
type Actor = { id: string; email: string; firstName: string; language: Language };
type Community = { id: number; name: string };

/** The tab where an account sees the invitations addressed to it. */
export const INVITATIONS_TAB = '/communities?tab=invitations';

/*
 * The daily limit, counted from the rows themselves: the send counts of the invitations last sent
 * within 24 hours. A resend counts its earlier sends again while they stay in the window, so the
 * count can only err towards refusing (never lets more than the limit through).
 */
function sentInWindow(db: DbLike, communityId: number, now: number) {
  const row = db
    .select({ n: sql<number>`coalesce(sum(${invitations.sendCount}), 0)`, oldest: sql<number | null>`min(${invitations.lastSentAt})` })
    .from(invitations)
    .where(and(eq(invitations.communityId, communityId), gt(invitations.lastSentAt, now - DAY_MS)))
    .get()!;
  return { count: Number(row.n), oldest: row.oldest };
}

function assertWithinLimit(db: DbLike, communityId: number, wanted: number, now: number) {
  const { count, oldest } = sentInWindow(db, communityId, now);
  if (count + wanted <= DAILY_EMAIL_LIMIT) return;
  const retryAfter = Math.max(60, Math.ceil(((oldest ?? now) + DAY_MS - now) / 1000));
  throw tooMany(INV_MSG.dailyLimit, retryAfter, { limit: DAILY_EMAIL_LIMIT, remaining: Math.max(0, DAILY_EMAIL_LIMIT - count) });
}

/** Accounts holding these addresses: their language, and whether they already belong to the community. */
function accountsOf(db: DbLike, communityId: number, emails: string[]) {
  if (!emails.length) return new Map<string, { id: string; firstName: string; language: Language; member: boolean }>();
  const rows = db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language, member: memberships.id })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.communityId, communityId)))
    .where(inArray(users.email, emails))
    .all();
  return new Map(rows.map((r) => [r.email.toLowerCase(), { id: r.id, firstName: r.firstName, language: r.language, member: r.member !== null }]));
}

/**
 * Invites each address: members are reported back and skipped, and so are addresses left alone
 * for now (`held`: limits.ts); a still-pending invitation to the
 * same address is renewed (new token, new two weeks) rather than doubled. Existing accounts are
 * also told in the app. Returns the emails to send after commit.
 */
export function sendInvitations(db: DB, p: { community: Community; actor: Actor; inviterName?: string; emails: string[]; message?: string; now: number }) {
  return db.transaction((tx) => {
    const accounts = accountsOf(tx, p.community.id, p.emails);
    const alreadyMembers = p.emails.filter((e) => accounts.get(e)?.member);
    const resting = restingAddresses(tx, p.emails, p.now);
    // Not mailed now (limits.ts), and said so; nothing is written for them.
    const held = p.emails.filter((e) => !accounts.get(e)?.member && resting.has(e));
    const toInvite = p.emails.filter((e) => !accounts.get(e)?.member && !resting.has(e));
    assertWithinLimit(tx, p.community.id, toInvite.length, p.now);
    assertSenderWithinLimit(tx, p.actor.id, toInvite.length, p.now);
    const outgoing: OutgoingInvitation[] = [];
    for (const email of toInvite) {
      const account = accounts.get(email);
      const language = account?.language ?? p.actor.language;
      const { token, hash } = newInvitationToken();
      const renewed = tx
        .update(invitations)
        .set({ tokenHash: hash, invitedBy: p.actor.id, message: p.message ?? null, language, sendCount: sql`${invitations.sendCount} + 1`, lastSentAt: p.now, expiresAt: p.now + EMAIL_INVITATION_TTL_MS })
        .where(and(eq(invitations.communityId, p.community.id), eq(invitations.email, email), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id })
        .get();
      const invitationId =
        renewed?.id ??
        tx
          .insert(invitations)
          .values({ communityId: p.community.id, email, tokenHash: hash, invitedBy: p.actor.id, message: p.message ?? null, language, sendCount: 1, lastSentAt: p.now, expiresAt: p.now + EMAIL_INVITATION_TTL_MS, createdAt: p.now })
          .returning({ id: invitations.id })
          .get().id;
      if (account) notifyInvitee(tx, { userId: account.id, invitationId, inviter: p.actor.firstName, community: p.community.name, now: p.now });
      const to = { email, token, language, firstName: account?.firstName ?? null };
      queueInvitationMail(tx, to, hash, { inviter: p.inviterName ?? p.actor.firstName, community: p.community.name, message: p.message ?? null }, p.now);
      outgoing.push(to);
    }
    if (outgoing.length) {
      recordAudit(tx, { actor: p.actor, action: 'invitations.sent', target: { type: 'community', id: String(p.community.id), label: p.community.name }, details: { count: outgoing.length }, now: p.now });
    }
    return { sent: outgoing.map((o) => o.email), alreadyMembers, held, outgoing };
  });
}

/** An invitee with an account is told in the app (the invitation's own email carries the link); the notice reads as handled once answered. */
function notifyInvitee(tx: DbLike, p: { userId: string; invitationId: number; inviter: string; community: string; now: number }) {
  notifyUser(tx, { userId: p.userId, type: 'info', title: 'invitations.notice.title', message: 'invitations.notice.message', params: { name: p.inviter, community: p.community }, link: INVITATIONS_TAB, item: itemKey('invitation', p.invitationId), now: p.now });
}

export const invitationCommunity = (db: DbLike, id: number) => db.select({ communityId: invitations.communityId }).from(invitations).where(eq(invitations.id, id)).get()?.communityId;

/** A pending invitation sent again: a new token (the old link stops working), two more weeks, one more email against the daily limit. */
export function resendInvitation(db: DB, p: { id: number; community: Community; actor: Actor; inviterName?: string; now: number }): OutgoingInvitation & { message: string | null } {
  return db.transaction((tx) => {
    const row = tx.select().from(invitations).where(and(eq(invitations.id, p.id), eq(invitations.communityId, p.community.id))).get();
    if (!row) throw notFound(INV_MSG.notFound);
    if (row.status !== 'pending') throw conflict(INV_MSG.notPending);
    assertWithinLimit(tx, p.community.id, 1, p.now);
    assertSenderWithinLimit(tx, p.actor.id, 1, p.now);
    const account = accountsOf(tx, p.community.id, [row.email]).get(row.email);
    if (account?.member) throw conflict(INV_MSG.alreadyMember);
    if (restingAddresses(tx, [row.email], p.now).size) throw conflict(INV_MSG.recipientResting);
    const language = account?.language ?? (row.language as Language);
    const { token, hash } = newInvitationToken();
    const updated = tx
      .update(invitations)
      .set({ tokenHash: hash, language, invitedBy: p.actor.id, sendCount: sql`${invitations.sendCount} + 1`, lastSentAt: p.now, expiresAt: p.now + EMAIL_INVITATION_TTL_MS })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id })
      .get();
    if (!updated) throw conflict(INV_MSG.notPending);
    if (account) notifyInvitee(tx, { userId: account.id, invitationId: row.id, inviter: p.actor.firstName, community: p.community.name, now: p.now });
    const to = { email: row.email, token, language, firstName: account?.firstName ?? null };
    queueInvitationMail(tx, to, hash, { inviter: p.inviterName ?? p.actor.firstName, community: p.community.name, message: row.message }, p.now);
    recordAudit(tx, { actor: p.actor, action: 'invitations.resent', target: { type: 'community', id: String(p.community.id), label: p.community.name }, details: { invitationId: row.id }, now: p.now });
    return { ...to, message: row.message };
  });
}

export function cancelInvitation(db: DB, p: { id: number; community: Community; actor: Actor; now: number }) {
  db.transaction((tx) => {
    const cancelled = tx
      .update(invitations)
      .set({ status: 'cancelled', respondedAt: p.now })
      .where(and(eq(invitations.id, p.id), eq(invitations.communityId, p.community.id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id })
      .get();
    if (!cancelled) throw conflict(INV_MSG.notPending);
    handled(tx, 'invitation', cancelled.id, p.actor.id, p.now);
    recordAudit(tx, { actor: p.actor, action: 'invitations.cancelled', target: { type: 'community', id: String(p.community.id), label: p.community.name }, details: { invitationId: p.id }, now: p.now });
  });
  return { success: true as const };
}

/** The leaders' list: invitations still waiting for an answer, newest first (an expired one says so). */
export function pendingInvitations(db: DB, p: { communityId: number; now: number }) {
  const rows = db
    .select({ id: invitations.id, email: invitations.email, sendCount: invitations.sendCount, lastSentAt: invitations.lastSentAt, expiresAt: invitations.expiresAt, createdAt: invitations.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.communityId, p.communityId), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.id))
    .limit(200)
    .all();
  const sent = sentInWindow(db, p.communityId, p.now).count;
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      invitedBy: r.firstName ? `${r.firstName} ${r.lastName}` : null,
      sendCount: r.sendCount,
      sentAt: new Date(r.lastSentAt).toISOString(),
      createdAt: new Date(r.createdAt).toISOString(),
      expiresAt: new Date(r.expiresAt).toISOString(),
      expired: r.expiresAt <= p.now,
    })),
    /** Emails this community may still send today. */
    remainingToday: Math.max(0, DAILY_EMAIL_LIMIT - sent),
  };
}

export const communityName = (db: DbLike, id: number) => db.select({ name: communities.name }).from(communities).where(eq(communities.id, id)).get()?.name ?? '';

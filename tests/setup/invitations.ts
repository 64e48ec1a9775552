import type { UserRow } from '../../db/schema';
import { createLink } from '../../src/server/services/invitations/links';
import { sendInvitations } from '../../src/server/services/invitations/send';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from './app';
import { as } from './communities';
import { startSmtp } from './smtp';
import { op, TRPC, type Op } from './transport';

/** The documented invitation paths and their procedures, for tests over both transports. */
export const I = {
  send: op('POST', '/api/communities/:id/invitations', 'invitations.send', 'mutation', { params: { id: 'communityId' } }),
  mine: op('GET', '/api/invitations', 'invitations.mine', 'query'),
  accept: op('POST', '/api/invitations/:token/accept', 'invitations.accept', 'mutation', { params: { token: 'token' } }),
  report: op('POST', '/api/invitations/:token/report', 'invitations.report', 'mutation', { params: { token: 'token' } }),
  decline: op('POST', '/api/invitations/:id/decline', 'invitations.decline', 'mutation', { params: { id: 'id' } }),
  createLink: op('POST', '/api/communities/:id/invite-links', 'invitations.createLink', 'mutation', { params: { id: 'communityId' }, created: true }),
  revokeLink: op('DELETE', '/api/invite-links/:id', 'invitations.revokeLink', 'mutation', { params: { id: 'id' } }),
};

/** tRPC-only procedures (no REST path). */
const only = (procedure: string, type: 'query' | 'mutation' = 'mutation'): Op => op('POST', '/api/none', procedure, type);
export const IT = {
  acceptById: only('invitations.acceptById'),
  preview: only('invitations.preview', 'query'),
  links: only('invitations.links', 'query'),
  pending: only('invitations.pending', 'query'),
  resend: only('invitations.resend'),
  cancel: only('invitations.cancel'),
};
export { TRPC };

/** The token in an invitation email's link (APP_URL/invite/<token>). */
export function inviteTokenIn(raw: string): string | null {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /\/invite\/([a-z2-7]{20,64})/.exec(unfolded)?.[1] ?? null;
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * A private community led by Ngozi (creator) with an admin (Kofi) and a plain member (Amara), a
 * public one she also leads, someone with an account outside both who reads French (Bih), and
 * mail delivered to an in-process SMTP server (without one, to the test outbox folder). The clock starts at 2026-03-02T10:00Z.
 */
export async function invitationWorld(smtp?: Smtp) {
  const t = makeTestApp({ smtpUrl: smtp?.url });
  const leader = await makeUser(t.db, { firstName: 'Ngozi' });
  const admin = await makeUser(t.db, { firstName: 'Kofi' });
  const member = await makeUser(t.db, { firstName: 'Amara' });
  const bih = await makeUser(t.db, { firstName: 'Bih', language: 'fr' });
  const outsider = await makeUser(t.db, { firstName: 'Olu' });
  const privateCommunity = makeCommunity(t.db, { creator: leader, name: 'Paris Njangi House', isPublic: false });
  addMember(t.db, { communityId: privateCommunity.id, user: admin, role: 'admin' });
  addMember(t.db, { communityId: privateCommunity.id, user: member });
  const publicCommunity = makeCommunity(t.db, { creator: leader, name: 'Houston Cameroonians', isPublic: true });
  const users = { leader, admin, member, bih, outsider };
  const agents = { leader: await as(t, leader), admin: await as(t, admin), member: await as(t, member), bih: await as(t, bih), outsider: await as(t, outsider) };
  /** The newest invitation token mailed to `email`. */
  const tokenFor = async (email: string) => {
    if (!smtp) throw new Error('this world has no SMTP server');
    const mail = await smtp.lastTo(email);
    const token = inviteTokenIn(mail.raw);
    if (!token) throw new Error(`no invitation link in the mail to ${email}`);
    return token;
  };
  return { t, users, agents, privateCommunity, publicCommunity, tokenFor };
}
export type InvitationWorld = Awaited<ReturnType<typeof invitationWorld>>;

/** Rows of a table as stored, for checks on what the database holds. */
export const rowsOf = (t: TestApp, table: 'invitations' | 'invite_links') => t.db.$client.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, any>[];

/** A mail's Subject header, decoded from its MIME encoded words (non-ASCII subjects are Q- or B-encoded). */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const words = header.replace(/\?=\s+=\?/g, '?==?');
  return words
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    )
    .replace(/\r?\n[ \t]/g, ' ')
    .trim();
}

/**
 * Invitation rows for the authorization matrix: an invite link (its raw token and id) and a
 * pending email invitation (its id and raw token) to an address without an account, sent by the community's creator.
 */
export type InvitationFixture = { inviteLink: number; inviteToken: string; invitation: number; invitationToken: string };
export function seedInvitations(t: TestApp, community: { id: number; name: string }, creator: UserRow): InvitationFixture {
  const actor = { id: creator.id, email: creator.email, firstName: creator.firstName, language: creator.language };
  const now = t.clock.now();
  const link = createLink(t.db, { community, actor, expiresInDays: 7, maxUses: 100, now });
  const email = `invitee.${community.id}@example.org`;
  const sent = sendInvitations(t.db, { community, actor, emails: [email], now });
  const invitation = t.db.$client.prepare('SELECT id FROM invitations WHERE community_id = ? AND email = ?').pluck().get(community.id, email) as number;
  return { inviteLink: link.id, inviteToken: link.token, invitation, invitationToken: sent.outgoing[0]!.token };
}

/** A pending invitation to `user`'s own address in the community (the matrix's acceptById and decline). */
export function invitationTo(t: TestApp, community: { id: number; name: string }, creator: UserRow, user: UserRow): number {
  const actor = { id: creator.id, email: creator.email, firstName: creator.firstName, language: creator.language };
  sendInvitations(t.db, { community, actor, emails: [user.email], now: t.clock.now() });
  return t.db.$client.prepare("SELECT id FROM invitations WHERE community_id = ? AND email = ? AND status = 'pending'").pluck().get(community.id, user.email) as number;
}

import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { createHmac } from 'node:crypto';
import type { DbLike } from '../../../../db/database';
import { hashToken } from '../../auth/crypto';
import { serverKey } from '../../auth/server-keys';

/*
 * Invitation tokens: 32 random bytes (256 bits) in base32, so they fit a URL path as they are.
 * Only the SHA-256 is stored (hashToken, as sessions and email tokens do): a copy of the database
 * opens no email invitation (a shareable link: see linkToken).
 */
export function newInvitationToken(): { token: string; hash: string } {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = encodeBase32LowerCaseNoPadding(bytes);
  return { token, hash: hashToken(token) };
}

export { hashToken };

/**
 * A shareable link's token: HMAC-SHA256 of its id under a key the server made for itself
 * (server_keys), in base32 like a random one, so the leaders can copy a live link again. The
 * trade: a link is meant to be passed around (WhatsApp groups), and whoever holds a copy of the
 * whole database could rebuild the live links' tokens, as they could sign unsubscribe links;
 * links expire within weeks and a leader revokes one at once. Email invitations stay random.
 */
export const linkToken = (db: DbLike, id: number): string =>
  encodeBase32LowerCaseNoPadding(createHmac('sha256', serverKey(db, 'invite-links')).update(`invite-link:${id}`).digest());

export const DAY_MS = 24 * 60 * 60_000;
/** An email invitation works for two weeks. */
export const EMAIL_INVITATION_TTL_MS = 14 * DAY_MS;
/** At most this many invitation emails per community in any 24 hours. */
export const DAILY_EMAIL_LIMIT = 100;
/** At most this many invitation emails by one sender in any 24 hours, whatever the communities. */
export const SENDER_DAILY_LIMIT = 100;
/** At most this many invitation emails to one address in any 7 days, whoever sends them. */
export const RECIPIENT_WEEKLY_LIMIT = 3;
export const WEEK_MS = 7 * DAY_MS;
/** An address whose owner declined an invitation, or let one expire unanswered, gets none by email for this long. */
export const RECIPIENT_REST_MS = 30 * DAY_MS;
/** One that reported an invitation, for this long. */
export const REPORTED_REST_MS = 365 * DAY_MS;

/** Catalogue keys of the refusals. */
export const INV_MSG = {
  notFound: 'invitations.errors.notFound',
  invalid: 'invitations.errors.invalid',
  expired: 'invitations.errors.expired',
  cancelled: 'invitations.errors.cancelled',
  used: 'invitations.errors.used',
  revoked: 'invitations.errors.revoked',
  usedUp: 'invitations.errors.usedUp',
  wrongAccount: 'invitations.errors.wrongAccount',
  alreadyMember: 'invitations.errors.alreadyMember',
  verifyFirst: 'invitations.errors.verifyFirst',
  dailyLimit: 'invitations.errors.dailyLimit',
  senderLimit: 'invitations.errors.senderLimit',
  verifyToInvite: 'invitations.errors.verifyToInvite',
  recipientResting: 'invitations.errors.recipientResting',
  notPending: 'invitations.errors.notPending',
  linkNotFound: 'invitations.errors.linkNotFound',
  alreadyRevoked: 'invitations.errors.alreadyRevoked',
} as const;

/** The link in an email or on a share sheet. */
export const inviteUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/invite/${token}`;

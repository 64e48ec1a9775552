import { byCommunityInput, createLinkInput, invitationIdInput, sendInvitationsInput, tokenInput } from '@shared/schemas/invitations';
import type { Context } from '../context';
import { acceptById, acceptToken, declineInvitation, myInvitations, previewInvitation } from '../services/invitations/accept';
import { createLink, linkCommunity, listLinks, revokeLink } from '../services/invitations/links';
import { reportInvitation } from '../services/invitations/report';
import { cancelInvitation, invitationCommunity, pendingInvitations, resendInvitation, sendInvitations } from '../services/invitations/send';
import { inviteUrl } from '../services/invitations/tokens';
import { assertVerifiedSender } from '../services/invitations/limits';
import { anyone, inCommunity, mutation, query, signedIn, type SignedInContext } from './define';

/*
 * Invitations and sharing. Those who may invite (leaders, or every member when the community
 * allows it: invitations.send) send email invitations, create and revoke invite links and look
 * after pending invitations. Anyone holding a token sees what it opens (preview); a signed-in
 * account accepts it and joins at once, a private community included. The invitations addressed
 * to one's own verified address are listed, accepted and declined by id.
 */

const ofInvitation = (input: { id: number }, ctx: Context) => invitationCommunity(ctx.db, input.id);
const ofLink = (input: { id: number }, ctx: Context) => linkCommunity(ctx.db, input.id);
const inviter = inCommunity('invitations.send');
const invitationLeader = inCommunity('invitations.send', ofInvitation, 'invitations.errors.notFound');
const linkLeader = inCommunity('invitations.send', ofLink, 'invitations.errors.linkNotFound');

const actor = (ctx: SignedInContext) => ({ id: ctx.user.id, email: ctx.user.email, firstName: ctx.user.firstName, language: ctx.user.language });
const inviterName = (ctx: SignedInContext) => `${ctx.user.firstName} ${ctx.user.lastName}`;

export const invitations = {
  /** Invites up to 50 addresses (a verified sender only); members, and addresses left alone for now (`held`), are reported, not invited; the emails leave after the commit. */
  send: mutation({
    input: sendInvitationsInput,
    access: inviter,
    run: async (ctx, input, { community }) => {
      assertVerifiedSender(ctx.user);
      const result = sendInvitations(ctx.db, { community: { id: community.id, name: community.name }, actor: actor(ctx), inviterName: inviterName(ctx), emails: input.emails, message: input.message, now: ctx.now() });
      return { sent: result.sent, alreadyMembers: result.alreadyMembers, held: result.held };
    },
  }),

  /** Pending, unexpired invitations to the caller's verified address. */
  mine: query({ access: signedIn, run: (ctx) => myInvitations(ctx.db, { user: ctx.user, now: ctx.now() }) }),

  /** The token of an email invitation (for its own address) or of an invite link (any account). */
  accept: mutation({ input: tokenInput, access: signedIn, run: (ctx, input) => acceptToken(ctx.db, { token: input.token, user: ctx.user, now: ctx.now() }) }),

  /** The Accept button of the Invitations tab: an invitation addressed to the caller. */
  acceptById: mutation({ input: invitationIdInput, access: signedIn, run: (ctx, input) => acceptById(ctx.db, { id: input.id, user: ctx.user, now: ctx.now() }) }),

  decline: mutation({ input: invitationIdInput, access: signedIn, run: (ctx, input) => declineInvitation(ctx.db, { id: input.id, user: ctx.user, now: ctx.now() }) }),

  /** "Report this invitation" (the email's link): the holder of an email invitation's token did not want it; staff see it, the address is left alone. */
  report: mutation({ input: tokenInput, access: anyone, run: (ctx, input) => reportInvitation(ctx.db, { token: input.token, now: ctx.now() }) }),

  /** What the invitation page shows before sign-in; an unusable token says only that. */
  preview: query({ input: tokenInput, access: anyone, run: (ctx, input) => previewInvitation(ctx.db, { token: input.token, viewerId: ctx.user?.id ?? null, now: ctx.now() }) }),

  createLink: mutation({
    input: createLinkInput,
    access: inviter,
    run: (ctx, input, { community }) => {
      const link = createLink(ctx.db, { community: { id: community.id, name: community.name }, actor: actor(ctx), expiresInDays: input.expiresInDays, maxUses: input.maxUses, now: ctx.now() });
      return { ...link, url: inviteUrl(ctx.env.APP_URL, link.token) };
    },
  }),

  /** Each link with its address while it lives (to copy or share again), null once it does not. */
  links: query({
    input: byCommunityInput,
    access: inviter,
    run: (ctx, _input, { community }) => listLinks(ctx.db, { communityId: community.id, now: ctx.now() }).map(({ token, ...l }) => ({ ...l, url: token ? inviteUrl(ctx.env.APP_URL, token) : null })),
  }),

  revokeLink: mutation({
    input: invitationIdInput,
    access: linkLeader,
    run: (ctx, input, { community }) => revokeLink(ctx.db, { id: input.id, community: { id: community.id, name: community.name }, actor: actor(ctx), now: ctx.now() }),
  }),

  pending: query({ input: byCommunityInput, access: inviter, run: (ctx, _input, { community }) => pendingInvitations(ctx.db, { communityId: community.id, now: ctx.now() }) }),

  /** A new token and two more weeks; counts against the daily limit. */
  resend: mutation({
    input: invitationIdInput,
    access: invitationLeader,
    run: async (ctx, input, { community }) => {
      assertVerifiedSender(ctx.user);
      const outgoing = resendInvitation(ctx.db, { id: input.id, community: { id: community.id, name: community.name }, actor: actor(ctx), inviterName: inviterName(ctx), now: ctx.now() });
      return { success: true as const, email: outgoing.email };
    },
  }),

  cancel: mutation({
    input: invitationIdInput,
    access: invitationLeader,
    run: (ctx, input, { community }) => cancelInvitation(ctx.db, { id: input.id, community: { id: community.id, name: community.name }, actor: actor(ctx), now: ctx.now() }),
  }),
};

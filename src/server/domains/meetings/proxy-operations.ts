import { can } from '@shared/permissions';
import { grantProxyInput, meetingIdInput, openVoteInput, voteAsProxyInput } from '@shared/schemas/meeting-minutes';
import type { Context } from '../../context';
import { inCommunity, mutation, query, type AnyOperation } from '../../operations/define';
import { meetingPollCommunityOf } from './meeting-lookup';
import { atMeeting } from './minutes-operations';
import { grantProxy, listProxies, revokeProxy } from './proxies';
import { openVote, VOTE_NOT_FOUND, voteAsProxy, votesOfMeeting } from './votes';

/*
 * Proxies and the votes taken during a meeting. Every member gives, takes back and reads their
 * own proxies and casts the ballots of those they hold (meetings.view); the officers
 * (meetings.record) read every proxy; the leaders (meetings.manage) open votes.
 */

const ofMeetingPoll = (input: { pollId: number }, ctx: Context) => meetingPollCommunityOf(ctx.db, input.pollId);

export const proxyOperations = {
  /** The caller gives their vote at this meeting to another member (who is told once). */
  grantProxy: mutation({
    input: grantProxyInput,
    access: atMeeting('meetings.view'),
    run: (ctx, input, { community }) => grantProxy(ctx.db, { communityId: community.id, meetingId: input.meetingId, grantorId: ctx.user.id, holderId: input.holderId, now: ctx.now() }),
  }),
  /** The caller takes their proxy back, until the meeting's first vote opens. */
  revokeProxy: mutation({
    input: meetingIdInput,
    access: atMeeting('meetings.view'),
    run: (ctx, input, { community }) => revokeProxy(ctx.db, { communityId: community.id, meetingId: input.meetingId, grantorId: ctx.user.id, now: ctx.now() }),
  }),
  /** The one the caller gave and those they hold; for meetings.record, the whole list. */
  proxies: query({
    input: meetingIdInput,
    access: atMeeting('meetings.view'),
    run: (ctx, input, { community, role }) => listProxies(ctx.db, { communityId: community.id, meetingId: input.meetingId, viewerId: ctx.user.id, officer: can(role, 'meetings.record') }),
  }),
  /** Opens a single-choice vote with the quorum recorded; the meeting's proxies are fixed from then on. */
  openVote: mutation({
    input: openVoteInput,
    access: atMeeting('meetings.manage'),
    run: (ctx, input, { community }) =>
      openVote(ctx.db, { community: { id: community.id, name: community.name }, meetingId: input.meetingId, actorId: ctx.user.id, title: input.title, options: input.options, agendaItemId: input.agendaItemId, now: ctx.now() }),
  }),
  /** The ballot of a member whose proxy the caller, present, holds. */
  voteAsProxy: mutation({
    input: voteAsProxyInput,
    access: inCommunity('meetings.view', ofMeetingPoll, VOTE_NOT_FOUND),
    run: (ctx, input, { community }) => voteAsProxy(ctx.db, { communityId: community.id, pollId: input.pollId, holderId: ctx.user.id, grantorId: input.grantorId, choices: input.choices, now: ctx.now() }),
  }),
  /** The meeting's votes with the quorum each recorded and the results as the polls show them. */
  votes: query({
    input: meetingIdInput,
    access: atMeeting('meetings.view'),
    run: (ctx, input, { community }) => votesOfMeeting(ctx.db, { communityId: community.id, meetingId: input.meetingId, viewerId: ctx.user.id, now: ctx.now() }),
  }),
} satisfies Record<string, AnyOperation>;

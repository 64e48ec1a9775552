import { can } from '@shared/permissions';
import { z } from 'zod';
import {
  communityId,
  createCommunityInput,
  decideRequestInput,
  listCommunitiesInput,
  memberTargetInput,
  membersInput,
  pageInput,
  setRoleInput,
  updateCommunityInput,
} from '@shared/schemas/communities';
import type { Context } from '../context';
import { toCommunityDto } from '../services/community-dto';
import { countMine, findCommunity, listCommunities, listCreated, listJoined, listJoinRequests, listMembers } from '../services/communities';
import {
  createCommunity,
  decideJoinRequest,
  joinCommunity,
  leaveCommunity,
  removeMember,
  setMemberRole,
  transferOwnership,
  updateCommunity,
  withdrawJoinRequest,
} from '../services/community-writes';
import { forbidden, notFound } from '../services/errors';
import { announceCommunityJoined } from '../services/chat/conversations';
import { getSettings } from '../services/settings';
import { anyone, groupedMutation, inCommunity, mutation, query, signedIn, type SignedInContext } from './define';

/** A page of a list whose owner the operation already knows (the caller, or its guarded community). */
const pageOnly = z.object(pageInput);
const inCommunityPage = z.object({ communityId, ...pageInput });
const byCommunity = z.object({ communityId });

/** A community as the caller may see it; one hidden by staff exists only for its members. */
function visible(ctx: Context, id: number) {
  const row = findCommunity(ctx.db, { id, viewerId: ctx.user?.id ?? null });
  if (!row || (row.isHidden && !row.viewerRole)) throw notFound('validation.community.notFound');
  return row;
}
const view = (ctx: Context, id: number) => toCommunityDto(visible(ctx, id));

/** Staff may require a verified email address before anyone joins or creates a community. */
function assertVerifiedIfRequired(ctx: SignedInContext) {
  if (getSettings(ctx.db).requireEmailVerification && !ctx.user.isEmailVerified) {
    throw forbidden('errors.auth.verifyFirst');
  }
}

export const communities = {
  /** Discover: signed out sees public communities only; signed in sees all (private ones as summaries). */
  list: query({
    input: listCommunitiesInput,
    access: anyone,
    run: (ctx, input) =>
      listCommunities(ctx.db, {
        search: input.search,
        location: input.location,
        cursor: input.cursor,
        limit: input.limit,
        viewerId: ctx.user?.id ?? null,
        publicOnly: !ctx.user,
      }),
  }),

  joined: query({
    input: pageOnly,
    access: signedIn,
    run: (ctx, input) => listJoined(ctx.db, { userId: ctx.user.id, cursor: input.cursor, limit: input.limit }),
  }),

  created: query({
    input: pageOnly,
    access: signedIn,
    run: (ctx, input) => listCreated(ctx.db, { userId: ctx.user.id, cursor: input.cursor, limit: input.limit }),
  }),

  /** The caller's own counts, for the dashboard counters. */
  myCounts: query({ access: signedIn, run: (ctx) => countMine(ctx.db, { userId: ctx.user.id }) }),

  /** Anyone sees a community's summary; its inside only its members (toCommunityDto decides). */
  byId: query({ input: z.object({ id: communityId }), access: anyone, run: (ctx, input) => view(ctx, input.id) }),

  create: mutation({
    input: createCommunityInput,
    access: signedIn,
    run: (ctx, input) => {
      assertVerifiedIfRequired(ctx);
      const isPublic = input.isPublic ?? getSettings(ctx.db).defaultCommunityPrivacy === 'public';
      const id = createCommunity(ctx.db, { userId: ctx.user.id, input: { ...input, isPublic }, now: ctx.now(), dailyMax: ctx.env.COMMUNITY_CREATE_DAILY_MAX });
      return view(ctx, id);
    },
  }),

  /** Joining always makes a plain member, whatever role the request names. */
  join: groupedMutation({
    input: byCommunity,
    access: signedIn,
    run: (ctx, input) => {
      const community = visible(ctx, input.communityId);
      if (!community.viewerRole) assertVerifiedIfRequired(ctx);
      const { status } = joinCommunity(ctx.db, { communityId: community.id, isPublic: !!community.isPublic, userId: ctx.user.id, now: ctx.now() });
      return { status, community: view(ctx, community.id) };
    },
    // Once the group commit is through (the join is one write of a batch): the member's open chat sockets hear the community.
    after: (ctx, written) => {
      if (written.status === 'joined') announceCommunityJoined(ctx.db, written.community.id, ctx.user.id);
      return written;
    },
  }),

  /** The asker's own pending request to a private community, taken back; they may ask again later. */
  withdrawRequest: mutation({
    input: byCommunity,
    access: signedIn,
    run: (ctx, input) => {
      const community = visible(ctx, input.communityId);
      withdrawJoinRequest(ctx.db, { communityId: community.id, userId: ctx.user.id, now: ctx.now() });
      return view(ctx, community.id);
    },
  }),

  leave: mutation({
    input: byCommunity,
    access: inCommunity('community.view'),
    run: (ctx, _input, { community, role }) => {
      leaveCommunity(ctx.db, { communityId: community.id, userId: ctx.user.id, role });
      return { success: true as const };
    },
  }),

  members: query({
    input: membersInput,
    access: inCommunity('community.view'),
    run: (ctx, input, { community, role }) =>
      listMembers(ctx.db, { communityId: community.id, viewerId: ctx.user.id, viewerIsLeader: can(role, 'members.manage'), cursor: input.cursor, limit: input.limit }),
  }),

  requests: query({
    input: inCommunityPage,
    access: inCommunity('members.manage'),
    run: (ctx, input, { community }) => listJoinRequests(ctx.db, { communityId: community.id, cursor: input.cursor, limit: input.limit }),
  }),

  decideRequest: mutation({
    input: decideRequestInput,
    access: inCommunity('members.manage'),
    run: (ctx, input, { community }) =>
      decideJoinRequest(ctx.db, { requestId: input.requestId, approve: input.approve, communityId: community.id, deciderId: ctx.user.id, now: ctx.now() }),
  }),

  setRole: mutation({
    input: setRoleInput,
    access: inCommunity('members.manage'),
    run: (ctx, input, { community }) => {
      setMemberRole(ctx.db, { communityId: community.id, userId: input.userId, role: input.role });
      return { success: true as const };
    },
  }),

  removeMember: mutation({
    input: memberTargetInput,
    access: inCommunity('members.manage'),
    run: (ctx, input, { community }) => {
      removeMember(ctx.db, { communityId: community.id, userId: input.userId });
      return { success: true as const };
    },
  }),

  transferOwnership: mutation({
    input: memberTargetInput,
    access: inCommunity('community.transfer'),
    run: (ctx, input, { community }) => {
      transferOwnership(ctx.db, { communityId: community.id, fromUserId: ctx.user.id, toUserId: input.userId, now: ctx.now() });
      return view(ctx, community.id);
    },
  }),

  update: mutation({
    input: updateCommunityInput,
    access: inCommunity('community.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...changes } = input;
      updateCommunity(ctx.db, { communityId: community.id, input: changes, by: ctx.user.id, now: ctx.now() });
      return view(ctx, community.id);
    },
  }),
};

import { TRPCError } from '@trpc/server';
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
} from '../../../shared/schemas/communities';
import { toCommunityDto } from '../../services/community-dto';
import { getSettings } from '../../services/settings';
import { countMine, findCommunity, listCommunities, listCreated, listJoined, listJoinRequests, listMembers } from '../../services/communities';
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
} from '../../services/community-writes';
import type { Context } from '../context';
import {
  authedProcedure,
  communityAdminProcedure,
  communityCreatorProcedure,
  communityMemberProcedure,
  publicProcedure,
  requireMembership,
  router,
} from '../init';

/** A page of a list whose owner the procedure already knows (the caller, or its guarded community). */
const pageOnly = z.object(pageInput);

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Community Not Found' });
/** A community as the caller may see it; hidden ones exist only for their members. */
function visible(ctx: Context, id: number) {
  const row = findCommunity(ctx.db, { id, viewerId: ctx.user?.id ?? null });
  if (!row || (row.isHidden && !row.viewerRole)) throw notFound();
  return row;
}
const view = (ctx: Context, id: number) => toCommunityDto(visible(ctx, id));

/** Admin setting: an unverified email may be required to verify before joining or creating. */
function assertVerifiedIfRequired(ctx: Context & { user: { isEmailVerified: boolean } }) {
  if (getSettings(ctx.db).requireEmailVerification && !ctx.user.isEmailVerified) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Please verify your email address before joining or creating communities.' });
  }
}

export const communitiesRouter = router({
  /** Discover: signed out sees public communities only; signed in sees all (private ones as summaries). */
  list: publicProcedure
    .input(listCommunitiesInput)
    .query(({ ctx, input }) =>
      listCommunities(ctx.db, {
        search: input.search,
        location: input.location,
        cursor: input.cursor,
        limit: input.limit,
        viewerId: ctx.user?.id ?? null,
        publicOnly: !ctx.user,
      }),
    ),

  joined: authedProcedure.input(pageOnly).query(({ ctx, input }) => listJoined(ctx.db, { userId: ctx.user.id, ...input })),
  created: authedProcedure.input(pageOnly).query(({ ctx, input }) => listCreated(ctx.db, { userId: ctx.user.id, ...input })),

  /** The signed-in user's own counts, for the dashboard counters. */
  myCounts: authedProcedure.query(({ ctx }) => countMine(ctx.db, { userId: ctx.user.id })),

  byId: publicProcedure.input(z.object({ id: communityId })).query(({ ctx, input }) => view(ctx, input.id)),

  create: authedProcedure.input(createCommunityInput).mutation(({ ctx, input }) => {
    assertVerifiedIfRequired(ctx);
    const isPublic = input.isPublic ?? getSettings(ctx.db).defaultCommunityPrivacy === 'public';
    const id = createCommunity(ctx.db, { userId: ctx.user.id, input: { ...input, isPublic }, now: ctx.now() });
    return view(ctx, id);
  }),

  /** Any `role` in the request is ignored: joining always makes a plain member. */
  join: authedProcedure.input(z.object({ communityId })).mutation(({ ctx, input }) => {
    const community = visible(ctx, input.communityId);
    if (!community.viewerRole) assertVerifiedIfRequired(ctx);
    const { status } = joinCommunity(ctx.db, {
      communityId: community.id,
      isPublic: !!community.isPublic,
      userId: ctx.user.id,
      now: ctx.now(),
    });
    return { status, community: view(ctx, community.id) };
  }),

  /** The asker's own pending request to a private community, taken back; they may ask again later. */
  withdrawRequest: authedProcedure.input(z.object({ communityId })).mutation(({ ctx, input }) => {
    const community = visible(ctx, input.communityId);
    withdrawJoinRequest(ctx.db, { communityId: community.id, userId: ctx.user.id });
    return view(ctx, community.id);
  }),

  leave: communityMemberProcedure.mutation(({ ctx }) => {
    leaveCommunity(ctx.db, { communityId: ctx.community.id, userId: ctx.user.id, role: ctx.role });
    return { success: true as const };
  }),

  // communityMemberProcedure's guard, called by the resolver with the one input it parses: the
  // directory is the hottest signed-in read, and each input or middleware is another step.
  members: authedProcedure.input(membersInput).query(({ ctx, input }) => {
    const { community } = requireMembership(ctx, input.communityId);
    return listMembers(ctx.db, { communityId: community.id, cursor: input.cursor, limit: input.limit });
  }),

  requests: communityAdminProcedure
    .input(pageOnly)
    .query(({ ctx, input }) => listJoinRequests(ctx.db, { communityId: ctx.community.id, cursor: input.cursor, limit: input.limit })),

  decideRequest: communityAdminProcedure.input(decideRequestInput).mutation(({ ctx, input }) =>
    decideJoinRequest(ctx.db, { ...input, communityId: ctx.community.id, deciderId: ctx.user.id, now: ctx.now() }),
  ),

  setRole: communityAdminProcedure.input(setRoleInput).mutation(({ ctx, input }) => {
    setMemberRole(ctx.db, { communityId: ctx.community.id, userId: input.userId, role: input.role });
    return { success: true as const };
  }),

  removeMember: communityAdminProcedure.input(memberTargetInput).mutation(({ ctx, input }) => {
    removeMember(ctx.db, { communityId: ctx.community.id, userId: input.userId });
    return { success: true as const };
  }),

  transferOwnership: communityCreatorProcedure.input(memberTargetInput).mutation(({ ctx, input }) => {
    transferOwnership(ctx.db, { communityId: ctx.community.id, fromUserId: ctx.user.id, toUserId: input.userId, now: ctx.now() });
    return view(ctx, ctx.community.id);
  }),

  update: communityAdminProcedure.input(updateCommunityInput).mutation(({ ctx, input }) => {
    const { communityId: _, ...changes } = input;
    updateCommunity(ctx.db, { communityId: ctx.community.id, input: changes, now: ctx.now() });
    return view(ctx, ctx.community.id);
  }),
});

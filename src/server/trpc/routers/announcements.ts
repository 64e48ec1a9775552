import { TRPCError } from '@trpc/server';
import {
  announcementIdInput,
  categoryIdInput,
  createAnnouncementInput,
  createCategoryInput,
  listAnnouncementsInput,
  listCategoriesInput,
  updateAnnouncementInput,
  updateCategoryInput,
} from '../../../shared/schemas/announcements';
import {
  announcementCommunity,
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  togglePin,
  updateAnnouncement,
} from '../../services/announcements';
import { categoryCommunity, createCategory, deleteCategory, listCategories, updateCategory } from '../../services/categories';
import { authedProcedure, communityAdminProcedure, communityMemberProcedure, requireLeader, requireMembership, router } from '../init';

/*
 * Announcements and categories are addressed by their own id on edit; the community is read from
 * the row and the caller must lead that community. An unknown id and a private community's row
 * both answer 404, so ids reveal nothing.
 */
const announcementLeaderProcedure = authedProcedure.input(announcementIdInput).use(({ ctx, input, next }) => {
  const communityId = announcementCommunity(ctx.db, input.id);
  if (communityId === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: 'Announcement not found' });
  const { role } = requireMembership(ctx, communityId);
  requireLeader(role);
  return next({ ctx: { communityId } });
});

const categoryLeaderProcedure = authedProcedure.input(categoryIdInput).use(({ ctx, input, next }) => {
  const communityId = categoryCommunity(ctx.db, input.id);
  if (communityId === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: 'Category not found' });
  const { role } = requireMembership(ctx, communityId);
  requireLeader(role);
  return next({ ctx: { communityId } });
});

const isLeader = (role: string) => role === 'creator' || role === 'admin';

export const announcementsRouter = router({
  list: communityMemberProcedure.input(listAnnouncementsInput).query(({ ctx, input }) =>
    listAnnouncements(ctx.db, {
      communityId: ctx.community.id,
      includeDrafts: isLeader(ctx.role),
      viewerId: ctx.user.id,
      cursor: input.cursor,
      limit: input.limit,
    }),
  ),

  create: communityAdminProcedure.input(createAnnouncementInput).mutation(({ ctx, input }) => {
    const { communityId: _, ...fields } = input;
    return createAnnouncement(ctx.db, { communityId: ctx.community.id, authorId: ctx.user.id, input: fields, now: ctx.now() });
  }),

  update: announcementLeaderProcedure.input(updateAnnouncementInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateAnnouncement(ctx.db, { id, communityId: ctx.communityId, changes, viewerId: ctx.user.id, now: ctx.now() });
  }),

  delete: announcementLeaderProcedure.mutation(({ ctx, input }) => {
    deleteAnnouncement(ctx.db, { id: input.id, communityId: ctx.communityId });
    return { success: true as const };
  }),

  togglePin: announcementLeaderProcedure.mutation(({ ctx, input }) =>
    togglePin(ctx.db, { id: input.id, communityId: ctx.communityId, viewerId: ctx.user.id, now: ctx.now() }),
  ),
});

export const categoriesRouter = router({
  // Not communityMemberProcedure: a list call without communityId must say so, as create does.
  list: authedProcedure.input(listCategoriesInput).query(({ ctx, input }) => {
    requireMembership(ctx, input.communityId);
    return listCategories(ctx.db, { communityId: input.communityId });
  }),

  create: authedProcedure.input(createCategoryInput).mutation(({ ctx, input }) => {
    const { communityId, ...fields } = input;
    requireLeader(requireMembership(ctx, communityId).role);
    return createCategory(ctx.db, { communityId, input: fields, now: ctx.now() });
  }),

  update: categoryLeaderProcedure.input(updateCategoryInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateCategory(ctx.db, { id, communityId: ctx.communityId, changes });
  }),

  delete: categoryLeaderProcedure.mutation(({ ctx, input }) => {
    deleteCategory(ctx.db, { id: input.id, communityId: ctx.communityId });
    return { success: true as const };
  }),
});

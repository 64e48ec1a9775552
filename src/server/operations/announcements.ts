import {
  announcementIdInput,
  categoryIdInput,
  createAnnouncementInput,
  createCategoryInput,
  listAnnouncementsInput,
  listCategoriesInput,
  updateAnnouncementInput,
  updateCategoryInput,
} from '@shared/schemas/announcements';
import { can } from '@shared/permissions';
import type { Context } from '../context';
import { announcementCommunity, createAnnouncement, deleteAnnouncement, listAnnouncements, togglePin, updateAnnouncement } from '../services/announcements';
import { categoryCommunity, createCategory, deleteCategory, listCategories, updateCategory } from '../services/categories';
import { groupedMutation, inCommunity, mutation, query } from './define';

/*
 * Announcements and categories are addressed by their own id on edit: the guard reads the
 * community from the row, and the caller must manage announcements there. An unknown id and a
 * private community's row both answer 404, so ids reveal nothing.
 */
const ofAnnouncement = (input: { id: number }, ctx: Context) => announcementCommunity(ctx.db, input.id);
const ofCategory = (input: { id: number }, ctx: Context) => categoryCommunity(ctx.db, input.id);
const manageAnnouncement = inCommunity('announcements.manage', ofAnnouncement, 'validation.announcement.notFound');
const manageCategory = inCommunity('announcements.manage', ofCategory, 'validation.announcement.categoryNotFound');

export const announcements = {
  /** Members read the feed; those who manage announcements also see drafts. */
  list: query({
    input: listAnnouncementsInput,
    access: inCommunity('community.view'),
    run: (ctx, input, { community, role }) =>
      listAnnouncements(ctx.db, {
        communityId: community.id,
        includeDrafts: can(role, 'announcements.manage'),
        viewerId: ctx.user.id,
        cursor: input.cursor,
        limit: input.limit,
      }),
  }),

  create: groupedMutation({
    input: createAnnouncementInput,
    access: inCommunity('announcements.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...fields } = input;
      return createAnnouncement(ctx.db, { communityId: community.id, authorId: ctx.user.id, input: fields, now: ctx.now() });
    },
  }),

  update: mutation({
    input: updateAnnouncementInput,
    access: manageAnnouncement,
    run: (ctx, input, { community }) => {
      const { id, ...changes } = input;
      return updateAnnouncement(ctx.db, { id, communityId: community.id, changes, viewerId: ctx.user.id, now: ctx.now() });
    },
  }),

  delete: mutation({
    input: announcementIdInput,
    access: manageAnnouncement,
    run: (ctx, input, { community }) => {
      deleteAnnouncement(ctx.db, { id: input.id, communityId: community.id });
      return { success: true as const };
    },
  }),

  togglePin: mutation({
    input: announcementIdInput,
    access: manageAnnouncement,
    run: (ctx, input, { community }) => togglePin(ctx.db, { id: input.id, communityId: community.id, viewerId: ctx.user.id, now: ctx.now() }),
  }),
};

export const categories = {
  list: query({
    input: listCategoriesInput,
    access: inCommunity('community.view'),
    run: (ctx, _input, { community }) => listCategories(ctx.db, { communityId: community.id }),
  }),

  create: mutation({
    input: createCategoryInput,
    access: inCommunity('announcements.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...fields } = input;
      return createCategory(ctx.db, { communityId: community.id, input: fields, now: ctx.now() });
    },
  }),

  update: mutation({
    input: updateCategoryInput,
    access: manageCategory,
    run: (ctx, input, { community }) => {
      const { id, ...changes } = input;
      return updateCategory(ctx.db, { id, communityId: community.id, changes });
    },
  }),

  delete: mutation({
    input: categoryIdInput,
    access: manageCategory,
    run: (ctx, input, { community }) => {
      deleteCategory(ctx.db, { id: input.id, communityId: community.id });
      return { success: true as const };
    },
  }),
};

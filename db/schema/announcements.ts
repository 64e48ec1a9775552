import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { communities } from './communities';
import { users } from './users';

/** Categories belong to one community; a name is unique within it, whatever its case. */
export const announcementCategories = sqliteTable(
  'announcement_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull().default('#66CDAA'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('announcement_categories_name_unique').on(t.communityId, sql`lower(${t.name})`)],
);

export const announcements = sqliteTable(
  'announcements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    // Deleting a category leaves its announcements uncategorised, atomically, through the key.
    categoryId: integer('category_id').references(() => announcementCategories.id, { onDelete: 'set null' }),
    isPinned: integer('is_pinned', { mode: 'boolean' }).notNull().default(false),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    publishDate: integer('publish_date'), // set the first time it is published
    // What "newest" means in the list: the publish date, or for a draft its creation.
    sortAt: integer('sort_at').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('announcements_feed_idx').on(t.communityId, t.isPinned, t.sortAt, t.id)],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
export type CategoryRow = typeof announcementCategories.$inferSelect;

import { and, asc, count, eq } from 'drizzle-orm';
import { announcementCategories, type CategoryRow } from '../../../db/schema';
import type { DB } from '../../../db/database';
import type { CategoryFields } from '@shared/schemas/announcements';
import { CATEGORIES_PER_COMMUNITY } from '@shared/constants';
import { fieldError, invalid, isUniqueViolation, notFound } from './errors';

const toDto = (c: CategoryRow) => ({
  id: c.id,
  communityId: c.communityId,
  name: c.name,
  description: c.description,
  color: c.color,
  createdAt: new Date(c.createdAt).toISOString(),
});
export type CategoryDto = ReturnType<typeof toDto>;

const duplicate = () => fieldError('conflict', 'name', 'errors.announcement.categoryTaken');

/** All of a community's categories, by name: at most CATEGORIES_PER_COMMUNITY, so never paged. */
export function listCategories(db: DB, p: { communityId: number }) {
  return db
    .select()
    .from(announcementCategories)
    .where(eq(announcementCategories.communityId, p.communityId))
    .orderBy(asc(announcementCategories.name))
    .limit(CATEGORIES_PER_COMMUNITY)
    .all()
    .map(toDto);
}

export function categoryCommunity(db: DB, id: number): number | undefined {
  return db
    .select({ communityId: announcementCategories.communityId })
    .from(announcementCategories)
    .where(eq(announcementCategories.id, id))
    .get()?.communityId;
}

export function createCategory(db: DB, p: { communityId: number; input: CategoryFields; now: number }) {
  try {
    // Counted and inserted in one transaction, so two concurrent creates cannot pass the cap together.
    return db.transaction((tx) => {
      const existing = tx.select({ n: count() }).from(announcementCategories).where(eq(announcementCategories.communityId, p.communityId)).get()!.n;
      if (existing >= CATEGORIES_PER_COMMUNITY) {
        throw invalid('errors.announcement.categoryCap', undefined, { max: CATEGORIES_PER_COMMUNITY });
      }
      return toDto(tx.insert(announcementCategories).values({ ...p.input, communityId: p.communityId, createdAt: p.now }).returning().get());
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export function updateCategory(db: DB, p: { id: number; communityId: number; changes: Partial<CategoryFields> }) {
  const where = and(eq(announcementCategories.id, p.id), eq(announcementCategories.communityId, p.communityId));
  // A PATCH with no fields is a no-op: drizzle's .set({}) throws "No values to set" (was a 500).
  const noChanges = Object.values(p.changes).every((v) => v === undefined);
  try {
    const row = noChanges
      ? db.select().from(announcementCategories).where(where).get()
      : db.update(announcementCategories).set(p.changes).where(where).returning().get();
    if (!row) throw notFound('validation.announcement.categoryNotFound');
    return toDto(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

/** Its announcements become uncategorised (ON DELETE SET NULL) in the same statement's transaction. */
export function deleteCategory(db: DB, p: { id: number; communityId: number }) {
  db.transaction((tx) => {
    tx.delete(announcementCategories)
      .where(and(eq(announcementCategories.id, p.id), eq(announcementCategories.communityId, p.communityId)))
      .run();
  });
}

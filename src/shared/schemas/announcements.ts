import { z } from 'zod';
import type { MessageKey } from '../i18n/catalogue';
import { communityId } from './communities';

/** What people read when an announcement or category is refused; one place for form and procedure. */
export const ANNOUNCEMENT_MSG = {
  required: 'validation.announcement.required',
  titleLong: 'validation.announcement.titleLong',
  contentLong: 'validation.announcement.contentLong',
  categoryRequired: 'validation.announcement.categoryRequired',
  categoryLong: 'validation.announcement.categoryLong',
  color: 'validation.announcement.color',
  wrongCategory: 'validation.announcement.wrongCategory',
} as const;

export const DEFAULT_CATEGORY_COLOR = '#66CDAA';

const recordId = (notFound: MessageKey) => z.coerce.number({ message: notFound }).int().positive(notFound).max(Number.MAX_SAFE_INTEGER);

const title = z.string({ message: ANNOUNCEMENT_MSG.required }).trim().min(1, ANNOUNCEMENT_MSG.required).max(200, ANNOUNCEMENT_MSG.titleLong);
const content = z.string({ message: ANNOUNCEMENT_MSG.required }).trim().min(1, ANNOUNCEMENT_MSG.required).max(20_000, ANNOUNCEMENT_MSG.contentLong);
/** '' or null means 'None'; a number must be a category of the same community (checked on the server). */
const categoryId = z
  .union([z.literal(''), z.null(), z.coerce.number().int().positive(ANNOUNCEMENT_MSG.wrongCategory)], { message: ANNOUNCEMENT_MSG.wrongCategory })
  .transform((v) => (v === '' ? null : v))
  .optional();

export const announcementFields = z.object({
  title,
  content,
  categoryId,
  isPinned: z.boolean({ message: 'validation.announcement.isPinned' }).default(false),
  isPublished: z.boolean({ message: 'validation.announcement.isPublished' }).default(true),
});
export const createAnnouncementInput = announcementFields.extend({ communityId });
export const updateAnnouncementInput = z.object({
  id: recordId('validation.announcement.notFound'),
  title: title.optional(),
  content: content.optional(),
  categoryId,
  isPinned: z.boolean({ message: 'validation.announcement.isPinned' }).optional(),
  isPublished: z.boolean({ message: 'validation.announcement.isPublished' }).optional(),
});
export const announcementIdInput = z.object({ id: recordId('validation.announcement.notFound') });
export type AnnouncementFields = z.output<typeof announcementFields>;
export type AnnouncementChanges = Omit<z.output<typeof updateAnnouncementInput>, 'id'>;

export const listAnnouncementsInput = z.object({
  communityId,
  cursor: z.string().max(80, 'validation.invalidCursor').optional(),
  limit: z.coerce.number().int().min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(100),
});

const categoryName = z
  .string({ message: ANNOUNCEMENT_MSG.categoryRequired })
  .trim()
  .min(1, ANNOUNCEMENT_MSG.categoryRequired)
  .max(50, ANNOUNCEMENT_MSG.categoryLong);
const description = z
  .string()
  .trim()
  .max(200, 'validation.announcement.descriptionLong')
  .transform((v) => v || null)
  .nullable()
  .optional();
const color = z.string({ message: ANNOUNCEMENT_MSG.color }).trim().regex(/^#[0-9a-fA-F]{6}$/, ANNOUNCEMENT_MSG.color);

// The REST body and query must name their community (the original's categories were global).
const requiredCommunityId = z
  .custom<unknown>((v) => v !== undefined && v !== null && v !== '', { message: 'validation.announcement.communityRequired' })
  .pipe(communityId);

export const categoryFields = z.object({ name: categoryName, description, color: color.default(DEFAULT_CATEGORY_COLOR) });
export const listCategoriesInput = z.object({ communityId: requiredCommunityId });
export const createCategoryInput = categoryFields.extend({ communityId: requiredCommunityId });
export const updateCategoryInput = z.object({
  id: recordId('validation.announcement.categoryNotFound'),
  name: categoryName.optional(),
  description,
  color: color.optional(),
});
export const categoryIdInput = z.object({ id: recordId('validation.announcement.categoryNotFound') });
export type CategoryFields = z.output<typeof categoryFields>;

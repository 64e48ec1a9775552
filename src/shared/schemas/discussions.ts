import { z } from 'zod';
import { FOLLOW_MODES, MODERATION_REASON_MAX, POST_BODY_MAX, TOPIC_CATEGORY_MAX, TOPIC_TITLE_MAX } from '../discussions/rules';
import { communityId } from './communities';

/*
 * Inputs of the discussion operations. Bodies are the safe Markdown subset of announcements
 * (src/shared/markdown.ts); a mention is `@[Name](userId)` (src/shared/discussions/rules.ts).
 */

const positive = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const topicId = positive('validation.discussions.topicId');
const replyId = positive('validation.discussions.replyId');
export const topicIdInput = z.object({ id: topicId });
export const replyIdInput = z.object({ id: replyId });

const title = z.string({ message: 'validation.discussions.title' }).trim().min(1, 'validation.discussions.title').max(TOPIC_TITLE_MAX, 'validation.discussions.titleLong');
const body = z.string({ message: 'validation.discussions.body' }).trim().min(1, 'validation.discussions.body').max(POST_BODY_MAX, 'validation.discussions.bodyLong');
/** Empty or null: uncategorised. */
const category = z
  .string({ message: 'validation.discussions.categoryLong' })
  .trim()
  .max(TOPIC_CATEGORY_MAX, 'validation.discussions.categoryLong')
  .nullish()
  .transform((v) => v || null);
const reason = z.string({ message: 'validation.discussions.reason' }).trim().min(1, 'validation.discussions.reason').max(MODERATION_REASON_MAX, 'validation.discussions.reasonLong');
const flag = z.boolean({ message: 'validation.discussions.flag' });

/** Keyset cursor of the topic list: "pinned.lastActivityAt.id" (as returned in nextCursor). */
const listCursor = z.string({ message: 'validation.invalidCursor' }).regex(/^[01]\.\d{1,16}\.\d{1,16}$/, 'validation.invalidCursor').optional();
const replyCursor = z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').positive('validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor').optional();
const limit = (max: number, fallback: number) => z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(max, 'validation.limitMax').default(fallback);

/** A community's topics, pinned first then by last activity; `search` matches titles, bodies and replies. */
export const listTopicsInput = z.object({
  communityId,
  search: z.string({ message: 'validation.discussions.search' }).trim().max(100, 'validation.discussions.search').optional(),
  category: z.string({ message: 'validation.discussions.categoryLong' }).trim().max(TOPIC_CATEGORY_MAX, 'validation.discussions.categoryLong').optional(),
  cursor: listCursor,
  limit: limit(100, 30),
});

/** One topic with a page of its replies, oldest first (`cursor`: the last reply id of the previous page). */
export const getTopicInput = z.object({ id: topicId, cursor: replyCursor, limit: limit(100, 50) });

export const createTopicInput = z.object({ communityId, title, body, category });
export type CreateTopicInput = z.output<typeof createTopicInput>;

export const updateTopicInput = z
  .object({ id: topicId, title: title.optional(), body: body.optional(), category: category.optional() })
  .refine((p) => p.title !== undefined || p.body !== undefined || p.category !== undefined, { path: ['title'], message: 'validation.discussions.nothingToChange' });
export type TopicChanges = Omit<z.output<typeof updateTopicInput>, 'id'>;

/** A reply to a topic; `quotedId`: another reply of the same topic it quotes. */
export const replyInput = z.object({ id: topicId, body, quotedId: positive('validation.discussions.quotedId').optional() });
export const updateReplyInput = z.object({ id: replyId, body });

export const followInput = z.object({ id: topicId, mode: z.enum(FOLLOW_MODES, { message: 'validation.discussions.follow' }) });

/** The @mention autocomplete: members whose name (or username) starts with `prefix`. */
export const mentionableInput = z.object({ communityId, prefix: z.string({ message: 'validation.discussions.prefix' }).trim().max(50, 'validation.discussions.prefix').default('') });
export const activeCountInput = z.object({ communityId });

export const pinInput = z.object({ id: topicId, pinned: flag, reason: reason.optional() });
export const lockInput = z.object({ id: topicId, locked: flag, reason });
export const hideTopicInput = z.object({ id: topicId, hidden: flag, reason });
export const hideReplyInput = z.object({ id: replyId, hidden: flag, reason });
export const removeTopicInput = z.object({ id: topicId, reason });
export const removeReplyInput = z.object({ id: replyId, reason });

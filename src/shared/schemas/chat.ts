import { z } from 'zod';
import {
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_PATTERN,
  CHANNEL_TOPIC_MAX,
  channelSlug,
  CLIENT_NONCE_MAX,
  GROUP_MAX_MEMBERS,
  GROUP_NAME_MAX,
  MESSAGE_BODY_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  MUTE_MINUTES_MAX,
  MUTE_REASON_MAX,
  REACTIONS,
  REPORT_REASON_MAX,
} from '../chat/rules';
import { communityId } from './communities';

/*
 * Inputs of the chat operations (src/server/operations/chat.ts). Bodies are the safe Markdown
 * subset (src/shared/markdown.ts) with mention tokens `@[Name](userId)` (shared/discussions/rules.ts).
 * Messages are addressed by their global id; history pages by `before` (a message id).
 */

const positive = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
export const conversationId = positive('chat.validation.conversationId');
export const messageId = positive('chat.validation.messageId');
const userId = z.string({ message: 'chat.validation.userId' }).trim().min(1, 'chat.validation.userId').max(64, 'chat.validation.userId');

export const body = z.string({ message: 'chat.validation.body' }).trim().min(1, 'chat.validation.body').max(MESSAGE_BODY_MAX, 'chat.validation.bodyLong');
const channelName = z
  .string({ message: 'chat.validation.channelName' })
  .transform(channelSlug)
  .pipe(z.string().min(1, 'chat.validation.channelName').max(CHANNEL_NAME_MAX, 'chat.validation.channelNameLong').regex(CHANNEL_NAME_PATTERN, 'chat.validation.channelName'));
const topic = z
  .string({ message: 'chat.validation.topicLong' })
  .trim()
  .max(CHANNEL_TOPIC_MAX, 'chat.validation.topicLong')
  .nullish()
  .transform((v) => v || null);
const flag = z.boolean({ message: 'chat.validation.flag' });

export const conversationIdInput = z.object({ conversationId });
export const messageIdInput = z.object({ id: messageId });

/** The conversation list (no input) lives in `conversations`; one conversation's details: */
export const conversationInput = conversationIdInput;

/** One page of history, newest first: messages older than `before` (a message id), at most `limit`. */
export const messagesInput = z.object({
  conversationId,
  before: positive('validation.invalidCursor').optional(),
  limit: z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(MESSAGES_PAGE_MAX, 'validation.limitMax').default(MESSAGES_PAGE_DEFAULT),
});

/**
 * The catch-up after a reconnect: messages with id > afterId in the caller's conversations (or
 * the one named), oldest first; plus, when `changedSince` (epoch ms) is given, older messages
 * edited or deleted since then.
 */
export const sinceInput = z.object({
  afterId: z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').min(0, 'validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor'),
  conversationId: conversationId.optional(),
  changedSince: z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').min(0, 'validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor').optional(),
});

export const sendInput = z.object({
  conversationId,
  body,
  replyToId: messageId.optional(),
  /** An upload of purpose 'chat' the caller made (POST /api/chat/files) and has not attached yet. */
  attachmentName: z.string({ message: 'chat.validation.attachment' }).trim().min(1, 'chat.validation.attachment').max(100, 'chat.validation.attachment').optional(),
  /** Chosen by the client to match its optimistic copy; a resend with the same nonce within a minute answers the first message. */
  clientNonce: z.string({ message: 'chat.validation.nonce' }).trim().min(1, 'chat.validation.nonce').max(CLIENT_NONCE_MAX, 'chat.validation.nonce').optional(),
});
/** REST: POST /api/conversations/:id/messages takes the conversation from the path. */
export type SendInput = z.output<typeof sendInput>;

export const editInput = z.object({ id: messageId, body });

export const reactInput = z.object({
  id: messageId,
  emoji: z.enum(REACTIONS, { message: 'chat.validation.emoji' }),
  /** true adds the caller's reaction, false takes it back. */
  on: flag,
});

export const markReadInput = z.object({ conversationId, messageId });
export const setMutedInput = z.object({ conversationId, muted: flag });

export const createChannelInput = z.object({
  communityId,
  name: channelName,
  topic,
  isPrivate: flag.default(false),
  /** A private channel's first members besides the creator (members of the community). */
  memberIds: z.array(userId, { message: 'chat.validation.userIds' }).max(200, 'chat.validation.userIds').default([]),
});

export const updateChannelInput = z
  .object({ conversationId, name: channelName.optional(), topic: topic.optional() })
  .refine((p) => p.name !== undefined || p.topic !== undefined, { path: ['name'], message: 'chat.validation.nothingToChange' });

/** A private channel's or a group's new members. */
export const addMembersInput = z.object({ conversationId, userIds: z.array(userId, { message: 'chat.validation.userIds' }).min(1, 'chat.validation.userIds').max(GROUP_MAX_MEMBERS * 10, 'chat.validation.userIds') });
/** Removes someone from a private channel (leaders) or a group (its members may leave: userId = oneself). */
export const removeMemberInput = z.object({ conversationId, userId });

/** The direct conversation with `userId` (existing or new); `communityId`: which shared community, else the first shared. */
export const openDirectInput = z.object({ userId, communityId: communityId.optional() });

/** A group of up to GROUP_MAX_MEMBERS people (the creator included) of one community. */
export const createGroupInput = z.object({
  communityId,
  userIds: z
    .array(userId, { message: 'chat.validation.userIds' })
    .min(1, 'chat.validation.userIds')
    .max(GROUP_MAX_MEMBERS - 1, 'chat.validation.groupTooBig'),
  name: z
    .string({ message: 'chat.validation.groupNameLong' })
    .trim()
    .max(GROUP_NAME_MAX, 'chat.validation.groupNameLong')
    .nullish()
    .transform((v) => v || null),
});

/** The member picker: people sharing a community with the caller (or in `communityId`) whose name starts with `prefix`. */
export const peopleInput = z.object({
  communityId: communityId.optional(),
  prefix: z.string({ message: 'chat.validation.prefix' }).trim().max(50, 'chat.validation.prefix').default(''),
});

export const muteMemberInput = z.object({
  conversationId,
  userId,
  /** 0 lifts the mute. */
  minutes: z.coerce.number({ message: 'chat.validation.minutes' }).int('chat.validation.minutes').min(0, 'chat.validation.minutes').max(MUTE_MINUTES_MAX, 'chat.validation.minutes'),
  reason: z
    .string({ message: 'chat.validation.reasonLong' })
    .trim()
    .max(MUTE_REASON_MAX, 'chat.validation.reasonLong')
    .nullish()
    .transform((v) => v || null),
});

export const reportInput = z.object({ id: messageId, reason: z.string({ message: 'chat.validation.reason' }).trim().min(1, 'chat.validation.reason').max(REPORT_REASON_MAX, 'chat.validation.reasonLong') });
const queryFlag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { message: 'chat.validation.flag' });
export const reportsInput = z.object({ communityId, includeResolved: queryFlag.default(false) });
export const resolveReportInput = z.object({ id: positive('chat.validation.reportId'), deleteMessage: z.boolean().default(false) });

/** POST /api/chat/files (multipart, REST only). */
export const chatFileUploadInput = z.object({ file: z.instanceof(File, { message: 'chat.errors.fileMissing' }) });
export const chatFileInput = z.object({ name: z.string({ message: 'chat.errors.messageNotFound' }).regex(/^[a-z0-9]{16,64}$/, 'chat.errors.messageNotFound') });

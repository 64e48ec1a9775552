import type { DB } from '../../../../db/database';
import type { ConversationRow } from '../../../../db/schema/chat';
import { notFound } from '../errors';
import { MODERATOR_ROLES_SQL, READABLE, statement } from './sql';

/*
 * Who may read a conversation (the one rule, also applied to every WebSocket delivery): a member
 * of its community whose role has chat.view and, for a private channel, a direct message or a
 * group, a conversation_members row. A member removed from the community loses them all at once.
 */

export const CONVERSATION_NOT_FOUND = 'chat.errors.notFound';
export const MESSAGE_NOT_FOUND = 'chat.errors.messageNotFound';

type RawConversation = {
  id: number;
  kind: ConversationRow['kind'];
  communityId: number;
  name: string | null;
  topic: string | null;
  isPrivate: number;
  isDefault: number;
  directKey: string | null;
  createdBy: string | null;
  lastMessageId: number | null;
  lastMessageAt: number | null;
  createdAt: number;
};
const COLUMNS = `c.id, c.kind, c.community_id AS communityId, c.name, c.topic, c.is_private AS isPrivate, c.is_default AS isDefault,
  c.direct_key AS directKey, c.created_by AS createdBy, c.last_message_id AS lastMessageId, c.last_message_at AS lastMessageAt, c.created_at AS createdAt`;

const toRow = (r: RawConversation): ConversationRow => ({ ...r, isPrivate: !!r.isPrivate, isDefault: !!r.isDefault });

export function conversationOf(db: DB, id: number): ConversationRow | undefined {
  const r = statement(db, 'conv', () => `SELECT ${COLUMNS} FROM conversations c WHERE c.id = ?`).get(id) as RawConversation | undefined;
  return r && toRow(r);
}

/** The community a conversation belongs to (the operations' guard), undefined when there is none. */
export function conversationCommunity(db: DB, id: number): number | undefined {
  return statement(db, 'convCommunity', () => 'SELECT community_id FROM conversations WHERE id = ?').pluck().get(id) as number | undefined;
}

export function messageCommunity(db: DB, messageId: number): number | undefined {
  return statement(db, 'msgCommunity', () => 'SELECT c.community_id FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.id = ?')
    .pluck()
    .get(messageId) as number | undefined;
}

export function canRead(db: DB, userId: string, conversationId: number): boolean {
  return !!statement(db, 'canRead', () => `SELECT 1 FROM conversations c WHERE c.id = @c AND ${READABLE}`).get({ c: conversationId, u: userId });
}

/** The conversation, or 404 alike for an unknown one and one the caller may not read. */
export function readableConversation(db: DB, userId: string, conversationId: number): ConversationRow {
  const conversation = conversationOf(db, conversationId);
  if (!conversation || !canRead(db, userId, conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

/** Every conversation id the account may read (a socket's subscriptions). */
export function readableIds(db: DB, userId: string): number[] {
  return statement(db, 'readableIds', () => `SELECT c.id FROM conversations c WHERE ${READABLE}`).pluck().all({ u: userId }) as number[];
}

/** The newest message id in the conversations the account may read (0: none). */
export function lastReadableId(db: DB, userId: string): number {
  return (statement(db, 'lastReadable', () => `SELECT coalesce(max(c.last_message_id), 0) FROM conversations c WHERE ${READABLE}`).pluck().get({ u: userId }) as number) ?? 0;
}

export function isModerator(db: DB, userId: string, communityId: number): boolean {
  return !!statement(db, 'isModerator', () => `SELECT 1 FROM memberships WHERE community_id = ? AND user_id = ? AND role IN (${MODERATOR_ROLES_SQL})`).get(communityId, userId);
}

export function isCommunityMember(db: DB, userId: string, communityId: number): boolean {
  return !!statement(db, 'isMember', () => 'SELECT 1 FROM memberships WHERE community_id = ? AND user_id = ?').get(communityId, userId);
}

export function conversationMemberIds(db: DB, conversationId: number): string[] {
  return statement(db, 'memberIds', () => 'SELECT user_id FROM conversation_members WHERE conversation_id = ? ORDER BY added_at, user_id').pluck().all(conversationId) as string[];
}

/** Who reads a conversation now (notifications, catch-up): its community's readers, or its listed members still in the community. */
export function readerIds(db: DB, conversation: ConversationRow): string[] {
  const sql = conversation.isPrivate
    ? `SELECT cm.user_id FROM conversation_members cm JOIN memberships m ON m.user_id = cm.user_id AND m.community_id = @community
       WHERE cm.conversation_id = @c`
    : 'SELECT m.user_id FROM memberships m WHERE m.community_id = @community';
  return statement(db, conversation.isPrivate ? 'readersPrivate' : 'readersPublic', () => sql)
    .pluck()
    .all({ c: conversation.id, community: conversation.communityId }) as string[];
}

import type { DB } from '../../../../db/database';
import type { UserRow } from '../../../../db/schema';
import type { ConversationRow } from '../../../../db/schema/chat';
import type { MessageDto, MessagePage, SinceResult } from '@shared/chat/protocol';
import { NONCE_WINDOW_MS, SINCE_MAX } from '@shared/chat/rules';
import { mentionedIds } from '@shared/discussions/rules';
import type { SendInput } from '@shared/schemas/chat';
import { chatBus, conversationTopic, userTopic } from '../../chat/pubsub';
import { inNextCommit } from '../../../../db/group-commit';
import { sendLimiter } from '../../chat/rate-limit';
import { recordAudit } from '../audit';
import { DomainError, forbidden, invalid, notFound, tooMany } from '../errors';
import { notifyUser } from '../notifications';
import { canRead, conversationMemberIds, isModerator, MESSAGE_NOT_FOUND, readableConversation, readerIds } from './access';
import { excerpt, MESSAGE_COLUMNS, messageDto, messageDtos, messageRow, type RawMessage } from './dto';
import { personName, READABLE, statement } from './sql';

/*
 * Messages: history, catch-up, send, edit, delete, reactions, read markers. Each write is one
 * IMMEDIATE transaction (notifications written inside it); its WebSocket event is published
 * after the commit, so a reader who hears of a message can always fetch it.
 */

const IMMEDIATE = { behavior: 'immediate' } as const;
export const chatLink = (conversationId: number) => `/chat?c=${conversationId}`;

// A resend with the same nonce within a minute answers the first message: kept in memory, per
// database (a retry reaches the same instance in practice; at worst a duplicate shows).
const nonces = new WeakMap<object, Map<string, { id: number; at: number }>>();
function nonceMap(db: DB) {
  let map = nonces.get(db.$client);
  if (!map) nonces.set(db.$client, (map = new Map()));
  return map;
}

export function listMessages(db: DB, p: { userId: string; conversationId: number; before?: number; limit: number }): MessagePage {
  readableConversation(db, p.userId, p.conversationId);
  // Keyset on (conversation_id, id): the same cost at any depth of a long history.
  const rows = statement(
    db,
    'page',
    () => `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.conversation_id = @c AND m.id < @before ORDER BY m.id DESC LIMIT @take`,
  ).all({ c: p.conversationId, before: p.before ?? Number.MAX_SAFE_INTEGER, take: p.limit + 1 }) as RawMessage[];
  const more = rows.length > p.limit;
  const page = more ? rows.slice(0, p.limit) : rows;
  const lastReadId = (statement(db, 'lastRead', () => 'SELECT last_read_id FROM conversation_reads WHERE conversation_id = ? AND user_id = ?').pluck().get(p.conversationId, p.userId) as number | undefined) ?? 0;
  return { messages: messageDtos(db, page), nextBefore: more ? page[page.length - 1]!.id : null, lastReadId };
}

/** Everything after `afterId` in the caller's conversations (oldest first) and, with changedSince, older messages edited or deleted since. */
export function since(db: DB, p: { userId: string; afterId: number; conversationId?: number; changedSince?: number; now: number }): SinceResult {
  if (p.conversationId !== undefined) readableConversation(db, p.userId, p.conversationId);
  const only = p.conversationId !== undefined ? 'AND c.id = @only' : '';
  const rows = db.$client
    .prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
       WHERE m.id > @after AND ${READABLE} ${only} ORDER BY m.id LIMIT @take`,
    )
    .all({ after: p.afterId, u: p.userId, only: p.conversationId ?? null, take: SINCE_MAX + 1 }) as RawMessage[];
  const more = rows.length > SINCE_MAX;
  const fresh = more ? rows.slice(0, SINCE_MAX) : rows;
  let changed: RawMessage[] = [];
  if (p.changedSince !== undefined) {
    changed = db.$client
      .prepare(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.id <= @after AND (m.edited_at >= @t OR m.deleted_at >= @t) AND ${READABLE} ${only} ORDER BY m.id LIMIT @take`,
      )
      .all({ after: p.afterId, t: p.changedSince, u: p.userId, only: p.conversationId ?? null, take: SINCE_MAX }) as RawMessage[];
  }
  return { messages: messageDtos(db, fresh), changed: messageDtos(db, changed), more, now: p.now };
}

export function publishMessage(db: DB, type: 'message.created' | 'message.updated' | 'message.deleted', message: MessageDto) {
  chatBus(db).publish(conversationTopic(message.conversationId), { frame: { type, message }, conversationId: message.conversationId });
}

/** A leader's mute of this member in this channel, still running: 403 saying until when. */
function refuseIfMuted(db: DB, conversationId: number, userId: string, now: number) {
  const until = statement(db, 'muted', () => 'SELECT until FROM channel_mutes WHERE conversation_id = ? AND user_id = ? AND until > ?').pluck().get(conversationId, userId, now) as number | undefined;
  if (until !== undefined) throw new DomainError('forbidden', 'chat.errors.mutedUntil', undefined, undefined, { until });
}

/** Checks a send before its write: readable, not a duplicate, not muted, a direct partner still there, within the rate. */
function admitSend(db: DB, p: { user: UserRow; input: SendInput; now: number }) {
  const { user, input, now } = p;
  const conversation = readableConversation(db, user.id, input.conversationId);
  const key = input.clientNonce ? `${user.id}:${input.clientNonce}` : null;
  if (key) {
    const seen = nonceMap(db).get(key);
    if (seen && now - seen.at < NONCE_WINDOW_MS) return { conversation, key, members: [], duplicate: seen.id };
  }
  refuseIfMuted(db, conversation.id, user.id, now);
  const members = conversation.kind === 'channel' ? [] : conversationMemberIds(db, conversation.id);
  if (conversation.kind === 'direct') {
    // Both people must still share the community the conversation was opened in.
    const other = members.find((id) => id !== user.id);
    if (!other || !canRead(db, other, conversation.id)) throw forbidden('chat.errors.directGone');
  }
  const slot = sendLimiter(db.$client).take(user.id, now);
  if (!slot.ok) throw tooMany('chat.errors.rateLimited', Math.ceil(slot.retryAfterMs / 1000), { seconds: Math.ceil(slot.retryAfterMs / 1000) });
  return { conversation, key, members, duplicate: null };
}

/** The writes of one send (inside a transaction); returns the new message id. */
function writeSend(db: DB, p: { user: UserRow; input: SendInput; now: number }, conversation: ConversationRow, members: string[]): number {
  const { user, input, now } = p;
  if (input.replyToId !== undefined) {
    const quoted = statement(db, 'replyConv', () => 'SELECT conversation_id FROM messages WHERE id = ?').pluck().get(input.replyToId) as number | undefined;
    if (quoted !== conversation.id) throw invalid('chat.validation.replyTo', [{ path: ['replyToId'], message: 'chat.validation.replyTo' }]);
  }
  if (input.attachmentName !== undefined) {
    // Only the sender's own file, uploaded for chat and not yet attached anywhere.
    const claimed = statement(db, 'claimUpload', () => "UPDATE uploads SET attached_at = ? WHERE name = ? AND owner_id = ? AND purpose = 'chat' AND attached_at IS NULL").run(now, input.attachmentName, user.id);
    if (claimed.changes !== 1) throw invalid('chat.validation.attachment', [{ path: ['attachmentName'], message: 'chat.validation.attachment' }]);
  }
  const inserted = statement(db, 'insertMsg', () => 'INSERT INTO messages (conversation_id, author_id, body, reply_to_id, attachment_name, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    conversation.id,
    user.id,
    input.body,
    input.replyToId ?? null,
    input.attachmentName ?? null,
    now,
  );
  const messageId = Number(inserted.lastInsertRowid);
  statement(db, 'convLast', () => 'UPDATE conversations SET last_message_id = ?, last_message_at = ? WHERE id = ?').run(messageId, now, conversation.id);
  // The sender has read their own message.
  statement(db, 'readOwn', () =>
    `INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES (?, ?, ?)
     ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_id = max(last_read_id, excluded.last_read_id)`,
  ).run(conversation.id, user.id, messageId);
  notifyForMessage(db, { conversation, members, authorId: user.id, authorName: personName(user.firstName, user.lastName), body: input.body, now });
  return messageId;
}

function afterSend(db: DB, p: { input: SendInput; now: number }, key: string | null, id: number): MessageDto {
  if (key) nonceMap(db).set(key, { id, at: p.now });
  const dto = messageDto(db, id, p.input.clientNonce);
  publishMessage(db, 'message.created', dto);
  return dto;
}

/** Sends a message: written with the other sends of the same moment in one commit (db/group-commit.ts). */
export async function sendMessage(db: DB, p: { user: UserRow; input: SendInput; now: number }): Promise<MessageDto> {
  const admitted = admitSend(db, p);
  if (admitted.duplicate !== null) return messageDto(db, admitted.duplicate, p.input.clientNonce);
  let id: number;
  try {
    id = await inNextCommit(db, () => writeSend(db, p, admitted.conversation, admitted.members));
  } catch (error) {
    sendLimiter(db.$client).release(p.user.id, p.now);
    throw error;
  }
  return afterSend(db, p, admitted.key, id);
}

/** The same, in a transaction of its own at once (seeding, scripts). */
export function sendMessageNow(db: DB, p: { user: UserRow; input: SendInput; now: number }): MessageDto {
  const admitted = admitSend(db, p);
  if (admitted.duplicate !== null) return messageDto(db, admitted.duplicate, p.input.clientNonce);
  const id = db.transaction(() => writeSend(db, p, admitted.conversation, admitted.members), IMMEDIATE);
  return afterSend(db, p, admitted.key, id);
}

/** Mentions (members who may read the conversation) and, in direct messages and groups, the other people; never those who muted it. */
function notifyForMessage(
  db: DB,
  p: { conversation: ConversationRow; members: string[]; authorId: string; authorName: string; body: string; previous?: string; now: number },
) {
  const before = new Set(p.previous === undefined ? [] : mentionedIds(p.previous));
  const mentioned = mentionedIds(p.body).filter((id) => id !== p.authorId && !before.has(id));
  const direct = p.previous === undefined && p.conversation.kind !== 'channel' ? p.members.filter((id) => id !== p.authorId) : [];
  if (!mentioned.length && !direct.length) return;
  const muted = new Set(statement(db, 'mutedBy', () => 'SELECT user_id FROM conversation_reads WHERE conversation_id = ? AND muted = 1').pluck().all(p.conversation.id) as string[]);
  const readers = new Set(readerIds(db, p.conversation));
  const text = excerpt(p.body);
  const where = p.conversation.kind === 'channel' ? `#${p.conversation.name}` : (p.conversation.name ?? '');
  for (const id of new Set([...mentioned, ...direct])) {
    if (muted.has(id) || !readers.has(id)) continue;
    const isMention = mentioned.includes(id);
    notifyUser(db, {
      userId: id,
      title: isMention ? 'chat.notice.mention.title' : 'chat.notice.direct.title',
      message: isMention ? 'chat.notice.mention.message' : 'chat.notice.direct.message',
      params: { name: p.authorName, where, excerpt: text },
      link: chatLink(p.conversation.id),
      now: p.now,
    });
  }
}

function ownMessage(db: DB, id: number): RawMessage {
  const row = messageRow(db, id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

export function editMessage(db: DB, p: { user: UserRow; id: number; body: string; now: number }): MessageDto {
  const row = ownMessage(db, p.id);
  const conversation = readableConversation(db, p.user.id, row.conversationId);
  if (row.authorId !== p.user.id) throw forbidden('chat.errors.notAuthor');
  if (row.deletedAt) throw new DomainError('conflict', 'chat.errors.deleted');
  // A call's entry is the call's record, written by the server: nothing to edit.
  if (row.kind === 'call') throw new DomainError('conflict', 'calls.errors.historyEntry');
  refuseIfMuted(db, conversation.id, p.user.id, p.now);
  db.transaction(() => {
    const changed = statement(db, 'edit', () => 'UPDATE messages SET body = ?, edited_at = ? WHERE id = ? AND author_id = ? AND deleted_at IS NULL').run(p.body, p.now, p.id, p.user.id);
    if (changed.changes !== 1) throw new DomainError('conflict', 'chat.errors.deleted');
    const members = conversation.kind === 'channel' ? [] : conversationMemberIds(db, conversation.id);
    notifyForMessage(db, { conversation, members, authorId: p.user.id, authorName: personName(p.user.firstName, p.user.lastName), body: p.body, previous: row.body, now: p.now });
  }, IMMEDIATE);
  const dto = messageDto(db, p.id);
  publishMessage(db, 'message.updated', dto);
  return dto;
}

export function deleteMessage(db: DB, p: { user: UserRow; id: number; now: number }): MessageDto {
  const row = ownMessage(db, p.id);
  const conversation = readableConversation(db, p.user.id, row.conversationId);
  const own = row.authorId === p.user.id;
  // Leaders moderate their community's channels, never the private words of DMs and groups.
  const asModerator = !own && conversation.kind === 'channel' && isModerator(db, p.user.id, conversation.communityId);
  if (!own && !asModerator) throw forbidden('chat.errors.notAuthor');
  db.transaction(() => {
    // The file is let go (attachment_name cleared, the upload unattached) so the uploads sweep can remove it.
    const changed = statement(db, 'delete', () => "UPDATE messages SET body = '', attachment_name = NULL, deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL").run(p.now, p.user.id, p.id);
    if (changed.changes !== 1) throw new DomainError('conflict', 'chat.errors.deleted');
    statement(db, 'dropReactions', () => 'DELETE FROM message_reactions WHERE message_id = ?').run(p.id);
    if (row.attachmentName) statement(db, 'releaseUpload', () => 'UPDATE uploads SET attached_at = NULL WHERE name = ?').run(row.attachmentName);
    if (asModerator) {
      recordAudit(db, {
        actor: { id: p.user.id },
        action: 'chat.message.delete',
        target: { type: 'community', id: String(conversation.communityId), label: `#${conversation.name}` },
        details: { conversationId: conversation.id, messageId: p.id, authorId: row.authorId, excerpt: excerpt(row.body) },
        now: p.now,
      });
    }
  }, IMMEDIATE);
  const dto = messageDto(db, p.id);
  publishMessage(db, 'message.deleted', dto);
  return dto;
}

export function react(db: DB, p: { userId: string; id: number; emoji: string; on: boolean; now: number }) {
  const row = ownMessage(db, p.id);
  readableConversation(db, p.userId, row.conversationId);
  if (row.deletedAt) throw new DomainError('conflict', 'chat.errors.deleted');
  if (p.on) statement(db, 'reactOn', () => 'INSERT OR IGNORE INTO message_reactions (message_id, user_id, emoji, created_at) VALUES (?, ?, ?, ?)').run(p.id, p.userId, p.emoji, p.now);
  else statement(db, 'reactOff', () => 'DELETE FROM message_reactions WHERE message_id = ? AND user_id = ? AND emoji = ?').run(p.id, p.userId, p.emoji);
  const reactions = messageDtos(db, [row])[0]!.reactions;
  chatBus(db).publish(conversationTopic(row.conversationId), { frame: { type: 'reaction', conversationId: row.conversationId, messageId: p.id, reactions }, conversationId: row.conversationId });
  return { messageId: p.id, reactions };
}

/** Read up to messageId (never backwards); the caller's other sockets hear of it. */
export function markRead(db: DB, p: { userId: string; conversationId: number; messageId: number }) {
  readableConversation(db, p.userId, p.conversationId);
  const inConversation = statement(db, 'msgConv', () => 'SELECT conversation_id FROM messages WHERE id = ?').pluck().get(p.messageId) as number | undefined;
  if (inConversation !== p.conversationId) throw notFound(MESSAGE_NOT_FOUND);
  statement(db, 'markRead', () =>
    `INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES (?, ?, ?)
     ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_id = max(last_read_id, excluded.last_read_id)`,
  ).run(p.conversationId, p.userId, p.messageId);
  const lastReadId = statement(db, 'lastRead', () => 'SELECT last_read_id FROM conversation_reads WHERE conversation_id = ? AND user_id = ?').pluck().get(p.conversationId, p.userId) as number;
  chatBus(db).publish(userTopic(p.userId), { frame: { type: 'read', conversationId: p.conversationId, lastReadId } });
  return { conversationId: p.conversationId, lastReadId };
}

export function setMuted(db: DB, p: { userId: string; conversationId: number; muted: boolean }) {
  readableConversation(db, p.userId, p.conversationId);
  statement(db, 'setMuted', () =>
    `INSERT INTO conversation_reads (conversation_id, user_id, muted) VALUES (?, ?, ?)
     ON CONFLICT (conversation_id, user_id) DO UPDATE SET muted = excluded.muted`,
  ).run(p.conversationId, p.userId, p.muted ? 1 : 0);
  chatBus(db).publish(userTopic(p.userId), { frame: { type: 'conversation.updated', conversationId: p.conversationId } });
  return { conversationId: p.conversationId, muted: p.muted };
}

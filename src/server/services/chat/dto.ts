import type { DB } from '../../../../db/database';
import type { ChatAttachment, ChatPerson, ChatReaction, MessageDto } from '@shared/chat/protocol';
import { PREVIEW_MAX } from '@shared/chat/rules';
import { mentionsAsText } from '@shared/discussions/rules';
import { markdownToText } from '@shared/markdown';
import { personName, statement } from './sql';
import { callDtosOfMessages } from './call-dto';

/** A messages row as the chat statements select it. */
export type RawMessage = {
  id: number;
  conversationId: number;
  authorId: string | null;
  kind: 'text' | 'call';
  body: string;
  replyToId: number | null;
  attachmentName: string | null;
  editedAt: number | null;
  deletedAt: number | null;
  createdAt: number;
};
export const MESSAGE_COLUMNS = `m.id, m.conversation_id AS conversationId, m.author_id AS authorId, m.kind, m.body, m.reply_to_id AS replyToId,
  m.attachment_name AS attachmentName, m.edited_at AS editedAt, m.deleted_at AS deletedAt, m.created_at AS createdAt`;

export const chatFileUrl = (name: string) => `/api/chat/files/${encodeURIComponent(name)}`;

/** Plain text of a body for previews, excerpts and notifications. */
export function excerpt(body: string, max = PREVIEW_MAX): string {
  const text = markdownToText(mentionsAsText(body)).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export function people(db: DB, ids: readonly string[]): Map<string, ChatPerson> {
  const unique = [...new Set(ids)];
  const out = new Map<string, ChatPerson>();
  if (!unique.length) return out;
  // Prepared once per list length (at most a page's worth of them): every chat page reads this.
  const rows = statement(db, `people:${unique.length}`, () => `SELECT id, first_name AS firstName, last_name AS lastName, profile_image_url AS avatarUrl FROM users WHERE id IN (${placeholders(unique.length)})`)
    .all(...unique) as { id: string; firstName: string; lastName: string; avatarUrl: string | null }[];
  for (const r of rows) out.set(r.id, { id: r.id, name: personName(r.firstName, r.lastName), avatarUrl: r.avatarUrl });
  return out;
}

export function reactionsOf(db: DB, messageIds: readonly number[]): Map<number, ChatReaction[]> {
  const out = new Map<number, ChatReaction[]>();
  if (!messageIds.length) return out;
  const rows = statement(db, `reactions:${messageIds.length}`, () => `SELECT message_id AS messageId, emoji, user_id AS userId FROM message_reactions WHERE message_id IN (${placeholders(messageIds.length)}) ORDER BY created_at, user_id`)
    .all(...messageIds) as { messageId: number; emoji: string; userId: string }[];
  for (const r of rows) {
    let list = out.get(r.messageId);
    if (!list) out.set(r.messageId, (list = []));
    let entry = list.find((e) => e.emoji === r.emoji);
    if (!entry) list.push((entry = { emoji: r.emoji, count: 0, userIds: [] }));
    entry.count += 1;
    entry.userIds.push(r.userId);
  }
  return out;
}

/** Messages as the wire carries them, in the order given; one query per kind of detail, never per message. */
export function messageDtos(db: DB, rows: readonly RawMessage[], nonces?: ReadonlyMap<number, string>): MessageDto[] {
  if (!rows.length) return [];
  const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
  const replies = new Map<number, { id: number; authorId: string | null; body: string; deletedAt: number | null }>();
  if (replyIds.length) {
    for (const r of db.$client.prepare(`SELECT id, author_id AS authorId, body, deleted_at AS deletedAt FROM messages WHERE id IN (${placeholders(replyIds.length)})`).all(...replyIds) as {
      id: number;
      authorId: string | null;
      body: string;
      deletedAt: number | null;
    }[])
      replies.set(r.id, r);
  }
  const authors = people(db, [...rows.map((r) => r.authorId), ...[...replies.values()].map((r) => r.authorId)].filter((id): id is string => !!id));
  const names = [...new Set(rows.filter((r) => r.attachmentName && !r.deletedAt).map((r) => r.attachmentName!))];
  const files = new Map<string, ChatAttachment>();
  if (names.length) {
    for (const f of db.$client
      .prepare(`SELECT name, content_type AS contentType, bytes, original_name AS originalName, width, height FROM uploads WHERE name IN (${placeholders(names.length)})`)
      .all(...names) as Omit<ChatAttachment, 'url' | 'isImage'>[])
      files.set(f.name, { ...f, url: chatFileUrl(f.name), isImage: f.contentType.startsWith('image/') });
  }
  const reactions = reactionsOf(
    db,
    rows.filter((r) => !r.deletedAt).map((r) => r.id),
  );
  const calls = callDtosOfMessages(
    db,
    rows.filter((r) => r.kind === 'call').map((r) => r.id),
  );
  return rows.map((r) => {
    const reply = r.replyToId !== null ? replies.get(r.replyToId) : undefined;
    return {
      id: r.id,
      conversationId: r.conversationId,
      author: r.authorId ? (authors.get(r.authorId) ?? null) : null,
      kind: r.kind,
      call: r.kind === 'call' ? (calls.get(r.id) ?? null) : null,
      body: r.deletedAt ? '' : r.body,
      replyTo: reply
        ? {
            id: reply.id,
            authorName: reply.authorId ? (authors.get(reply.authorId)?.name ?? null) : null,
            excerpt: reply.deletedAt ? '' : excerpt(reply.body),
            deleted: !!reply.deletedAt,
          }
        : null,
      attachment: r.attachmentName && !r.deletedAt ? (files.get(r.attachmentName) ?? null) : null,
      reactions: reactions.get(r.id) ?? [],
      editedAt: r.editedAt,
      deletedAt: r.deletedAt,
      createdAt: r.createdAt,
      clientNonce: nonces?.get(r.id) ?? null,
    };
  });
}

export function messageRow(db: DB, id: number): RawMessage | undefined {
  return statement(db, 'msgRow', () => `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id = ?`).get(id) as RawMessage | undefined;
}

export function messageDto(db: DB, id: number, nonce?: string | null): MessageDto {
  const row = messageRow(db, id)!;
  return messageDtos(db, [row], nonce ? new Map([[id, nonce]]) : undefined)[0]!;
}

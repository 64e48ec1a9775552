import { sql } from 'drizzle-orm';
import { runChatDigestJob } from '../jobs/chat-digest';
import { chatSocketRoutes } from '../chat/ws';
import { calls } from '../operations/calls';
import { chat } from '../operations/chat';
import { callRoutes } from '../rest/calls';
import { chatRoutes, chatUploadRoutes } from '../rest/chat';
import { chatReportNeeds } from '../services/chat/needs';
import { defineDomain } from './domain';

const KEPT = { kept: 'the conversation’s history (shown as by a former member)' } as const;

/** Chat: channels, direct and group conversations, files, reactions, reports, the WebSocket, the email digest. */
export const chatDomain = defineDomain({
  name: 'chat',
  operations: { chat, calls },
  rest: (deps) => chatRoutes(deps).route('/', callRoutes(deps)),
  rawRoutes: (deps) => chatUploadRoutes(deps).route('/', chatSocketRoutes(deps)),
  jobs: { chatDigest: (deps) => runChatDigestJob(deps) },
  // Mentions and direct messages are emailed by the chat's own digest (jobs/chat-digest.ts), once unread for an hour.
  noticeKinds: { 'chat.notice.mention': { kind: 'chat', mail: 'own' }, 'chat.notice.direct': { kind: 'chat', mail: 'own' }, 'chat.notice.report': 'needs' },
  needs: [chatReportNeeds],
  exportData: (db, user) => ({
    messages: db
      .all<{ id: number; conversationId: number; body: string; createdAt: number; editedAt: number | null }>(
        sql`SELECT m.id, m.conversation_id AS conversationId, m.body, m.created_at AS createdAt, m.edited_at AS editedAt
          FROM messages m WHERE m.author_id = ${user.id} AND m.deleted_at IS NULL ORDER BY m.id`,
      )
      .map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), editedAt: r.editedAt == null ? null : new Date(r.editedAt).toISOString() })),
  }),
  erase: (tx, { user, removePosts, now }) => {
    // No longer in any private conversation; read marks go too.
    tx.run(sql`DELETE FROM conversation_members WHERE user_id = ${user.id}`);
    tx.run(sql`DELETE FROM conversation_reads WHERE user_id = ${user.id}`);
    tx.run(sql`DELETE FROM call_participants WHERE user_id = ${user.id}`);
    if (!removePosts) return { messages: 0 };
    const messages = tx.run(sql`UPDATE messages SET body = '', attachment_name = NULL, deleted_at = ${now}, deleted_by = ${user.id}
      WHERE author_id = ${user.id} AND deleted_at IS NULL`).changes;
    return { messages };
  },
  personalData: {
    messages: { export: { key: 'messages' }, erase: { kept: 'under "Former member", unless the person asks for their posts to go' } },
    conversations: { export: { not: 'the conversation is its members’' }, erase: KEPT },
    conversation_members: { export: { not: 'membership of conversations' }, erase: 'deleted' },
    conversation_reads: { export: { not: 'read marks' }, erase: 'deleted' },
    message_reactions: { export: { not: 'reactions to others’ messages' }, erase: KEPT },
    message_reports: { export: { not: 'the moderators’ record' }, erase: { kept: 'the moderators’ record' } },
    calls: { export: { not: 'a call is its conversation’s' }, erase: { kept: 'the conversation’s call history (started by a former member)' } },
    call_participants: { export: { not: 'who was in a call' }, erase: 'deleted' },
    channel_mutes: { export: { not: 'the moderators’ record' }, erase: { kept: 'the moderators’ record' } },
  },
});

import type { DB } from '../../../../db/database';
import type { UserRow } from '../../../../db/schema';
import { recordAudit } from '../audit';
import { conflict, DomainError, invalid, notFound } from '../errors';
import { handled, tellWhoMayAct } from '../needs/notices';
import { isCommunityMember, isModerator, MESSAGE_NOT_FOUND, readableConversation } from './access';
import { excerpt, MESSAGE_COLUMNS, messageDtos, messageRow, type RawMessage } from './dto';
import { deleteMessage, chatLink } from './messages';
import { personName, statement } from './sql';

/*
 * Leaders' tools: muting a member in a channel for a while, members' reports of messages and
 * their resolution. Every action is in the audit trail.
 */

const IMMEDIATE = { behavior: 'immediate' } as const;
export const REPORT_NOT_FOUND = 'chat.errors.reportNotFound';

export function reportCommunity(db: DB, id: number): number | undefined {
  return statement(db, 'reportCommunity', () => 'SELECT c.community_id FROM message_reports r JOIN messages m ON m.id = r.message_id JOIN conversations c ON c.id = m.conversation_id WHERE r.id = ?')
    .pluck()
    .get(id) as number | undefined;
}

export function muteMember(db: DB, p: { user: UserRow; conversationId: number; userId: string; minutes: number; reason: string | null; now: number }) {
  const conversation = readableConversation(db, p.user.id, p.conversationId);
  if (conversation.kind !== 'channel') throw invalid('chat.errors.channelOnly');
  if (p.userId === p.user.id) throw invalid('chat.errors.muteSelf', [{ path: ['userId'], message: 'chat.errors.muteSelf' }]);
  if (!isCommunityMember(db, p.userId, conversation.communityId)) throw invalid('chat.validation.notMember', [{ path: ['userId'], message: 'chat.validation.notMember' }]);
  if (isModerator(db, p.userId, conversation.communityId)) throw invalid('chat.errors.muteLeader', [{ path: ['userId'], message: 'chat.errors.muteLeader' }]);
  const until = p.minutes > 0 ? p.now + p.minutes * 60_000 : null;
  db.transaction(() => {
    if (until === null) statement(db, 'unmute', () => 'DELETE FROM channel_mutes WHERE conversation_id = ? AND user_id = ?').run(conversation.id, p.userId);
    else
      statement(db, 'mute', () =>
        `INSERT INTO channel_mutes (conversation_id, user_id, until, muted_by, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET until = excluded.until, muted_by = excluded.muted_by, reason = excluded.reason, created_at = excluded.created_at`,
      ).run(conversation.id, p.userId, until, p.user.id, p.reason, p.now);
    recordAudit(db, {
      actor: { id: p.user.id },
      action: until === null ? 'chat.member.unmute' : 'chat.member.mute',
      target: { type: 'community', id: String(conversation.communityId), label: `#${conversation.name}` },
      details: { conversationId: conversation.id, userId: p.userId, minutes: p.minutes, until, reason: p.reason },
      now: p.now,
    });
  }, IMMEDIATE);
  return { conversationId: conversation.id, userId: p.userId, until };
}

export function reportMessage(db: DB, p: { user: UserRow; id: number; reason: string; now: number }) {
  const row = messageRow(db, p.id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  const conversation = readableConversation(db, p.user.id, row.conversationId);
  if (row.deletedAt) throw new DomainError('conflict', 'chat.errors.deleted');
  if (row.authorId === p.user.id) throw invalid('chat.errors.reportOwn');
  const id = db.transaction(() => {
    const inserted = statement(db, 'report', () => 'INSERT INTO message_reports (message_id, reporter_id, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(p.id, p.user.id, p.reason, p.now);
    if (inserted.changes !== 1) throw conflict('chat.errors.alreadyReported');
    const communityName = statement(db, 'communityName', () => 'SELECT name FROM communities WHERE id = ?').pluck().get(conversation.communityId) as string;
    const reportId = Number(inserted.lastInsertRowid);
    // The community's moderators (never the reporter) are told, and see it in "Needs you" until it is resolved.
    tellWhoMayAct(db, db, {
      kind: 'chatReport',
      id: reportId,
      by: p.user.id,
      key: 'chat.notice.report',
      type: 'warning',
      params: { name: personName(p.user.firstName, p.user.lastName), community: communityName, excerpt: excerpt(row.body) },
      link: `${chatLink(conversation.id)}&reports=1`,
      now: p.now,
    });
    return reportId;
  }, IMMEDIATE);
  return { id };
}

export function listReports(db: DB, p: { communityId: number; includeResolved: boolean }) {
  const rows = statement(
    db,
    'reports',
    () => `SELECT r.id, r.message_id AS messageId, r.reporter_id AS reporterId, r.reason, r.created_at AS createdAt, r.resolved_at AS resolvedAt, r.resolved_by AS resolvedBy,
        c.id AS conversationId, c.name AS conversationName, c.kind
      FROM message_reports r JOIN messages m ON m.id = r.message_id JOIN conversations c ON c.id = m.conversation_id
      WHERE c.community_id = @community AND (@all = 1 OR r.resolved_at IS NULL) ORDER BY r.id DESC LIMIT 200`,
  ).all({ community: p.communityId, all: p.includeResolved ? 1 : 0 }) as {
    id: number;
    messageId: number;
    reporterId: string | null;
    reason: string;
    createdAt: number;
    resolvedAt: number | null;
    resolvedBy: string | null;
    conversationId: number;
    conversationName: string | null;
    kind: string;
  }[];
  const ids = [...new Set(rows.map((r) => r.messageId))];
  const messages = ids.length
    ? (db.$client.prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id IN (${ids.map(() => '?').join(', ')})`).all(...ids) as RawMessage[])
    : [];
  // Leaders see what was reported, even if its author deleted it since.
  const byId = new Map(messageDtos(db, messages).map((m, i) => [m.id, { ...m, body: messages[i]!.body }]));
  const reporters = new Map(
    rows
      .map((r) => r.reporterId)
      .filter((id): id is string => !!id)
      .map((id) => [id, statement(db, 'userName', () => "SELECT first_name || ' ' || last_name FROM users WHERE id = ?").pluck().get(id) as string]),
  );
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    createdAt: r.createdAt,
    resolvedAt: r.resolvedAt,
    reporter: r.reporterId ? { id: r.reporterId, name: reporters.get(r.reporterId) ?? null } : null,
    conversation: { id: r.conversationId, name: r.conversationName, kind: r.kind },
    message: byId.get(r.messageId)!,
  }));
}

/** Closes a report (and every other open report of the same message); `deleteMessage` deletes it as a moderator first. */
export function resolveReport(db: DB, p: { user: UserRow; id: number; deleteMessage: boolean; now: number }) {
  const report = statement(db, 'reportRow', () => 'SELECT message_id AS messageId, resolved_at AS resolvedAt FROM message_reports WHERE id = ?').get(p.id) as
    | { messageId: number; resolvedAt: number | null }
    | undefined;
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.resolvedAt !== null) throw conflict('chat.errors.reportResolved');
  const message = messageRow(db, report.messageId)!;
  if (p.deleteMessage && !message.deletedAt) deleteMessage(db, { user: p.user, id: report.messageId, now: p.now });
  const conversationCommunityId = statement(db, 'convCommunity', () => 'SELECT community_id FROM conversations WHERE id = ?').pluck().get(message.conversationId) as number;
  const resolved = db.transaction(() => {
    // Every open report of the message is resolved at once: each one's notices read as handled.
    const open = statement(db, 'openReports', () => 'SELECT id FROM message_reports WHERE message_id = ? AND resolved_at IS NULL').pluck().all(report.messageId) as number[];
    for (const id of open) handled(db, 'chatReport', id, p.user.id, p.now);
    const changed = statement(db, 'resolve', () => 'UPDATE message_reports SET resolved_at = ?, resolved_by = ? WHERE message_id = ? AND resolved_at IS NULL').run(p.now, p.user.id, report.messageId);
    if (changed.changes === 0) throw conflict('chat.errors.reportResolved');
    recordAudit(db, {
      actor: { id: p.user.id },
      action: 'chat.report.resolve',
      target: { type: 'community', id: String(conversationCommunityId) },
      details: { reportId: p.id, messageId: report.messageId, deleted: p.deleteMessage, reports: changed.changes },
      now: p.now,
    });
    return changed.changes;
  }, IMMEDIATE);
  return { id: p.id, resolved };
}

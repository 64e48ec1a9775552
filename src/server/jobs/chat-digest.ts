import { DIGEST_DELAY_MS } from '@shared/chat/rules';
import { mentionedIds } from '@shared/discussions/rules';
import type { AppDeps } from '../context';
import type { DigestItem } from '../mail/chat-digest';
import { queueMail } from '../mail/outbox';
import { excerpt } from '../services/chat/dto';
import { personName, READER_ROLES_SQL } from '../services/chat/sql';

/*
 * The chat's email digest, run by the scheduler. A member is emailed about mentions and direct
 * or group messages they have not read, once the oldest of them has waited more than an hour;
 * the digest lists everything waiting then (newer ones too) and moves each conversation's
 * conversation_reads.emailed_up_to_id past it. Whatever arrives afterwards waits its own hour,
 * so digests are at least an hour apart without any other record. Muted conversations never
 * count. The claim is a conditional update in the transaction that queues the mail: a second runner
 * (or a rerun) finds nothing new; the outbox sends it and tries a failed delivery again.
 */

const LOOKBACK_MS = 7 * 24 * 3_600_000;

type Pending = {
  id: number;
  conversationId: number;
  kind: 'channel' | 'direct' | 'group';
  name: string | null;
  authorId: string | null;
  body: string;
  createdAt: number;
  communityId: number;
};

export function runChatDigestJob(deps: Pick<AppDeps, 'db' | 'now'>, now = deps.now()): { digests: number } {
  const sql = deps.db.$client;
  const since = now - LOOKBACK_MS;
  const columns = `m.id, m.conversation_id AS conversationId, c.kind, c.name, m.author_id AS authorId, m.body, m.created_at AS createdAt, c.community_id AS communityId`;
  // Recent direct and group messages, and channel messages carrying a mention token (a call's
  // history entry has no text to quote: the person sees it in the conversation).
  const recent = sql
    .prepare(
      `SELECT ${columns} FROM messages m JOIN conversations c ON c.id = m.conversation_id
       WHERE m.created_at > ? AND m.deleted_at IS NULL AND m.kind = 'text' AND (c.kind <> 'channel' OR instr(m.body, '@[') > 0) ORDER BY m.id`,
    )
    .all(since) as Pending[];
  if (!recent.length) return { digests: 0 };

  const membersOf = new Map<number, string[]>();
  const members = (conversationId: number) => {
    let list = membersOf.get(conversationId);
    if (!list) membersOf.set(conversationId, (list = sql.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ?').pluck().all(conversationId) as string[]));
    return list;
  };
  const byUser = new Map<string, Pending[]>();
  for (const m of recent) {
    const to = m.kind === 'channel' ? mentionedIds(m.body) : members(m.conversationId);
    for (const userId of to) {
      if (userId === m.authorId) continue;
      let list = byUser.get(userId);
      if (!list) byUser.set(userId, (list = []));
      list.push(m);
    }
  }

  const readState = sql.prepare('SELECT last_read_id AS lastReadId, emailed_up_to_id AS emailedUpToId, muted FROM conversation_reads WHERE conversation_id = ? AND user_id = ?');
  const mayRead = sql.prepare(
    `SELECT 1 FROM conversations c WHERE c.id = @c AND EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = c.community_id AND m.user_id = @u AND m.role IN (${READER_ROLES_SQL}))
      AND (c.is_private = 0 OR EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.conversation_id = c.id AND cm.user_id = @u))`,
  );
  const claim = sql.prepare(
    `INSERT INTO conversation_reads (conversation_id, user_id, emailed_up_to_id) VALUES (?, ?, ?)
     ON CONFLICT (conversation_id, user_id) DO UPDATE SET emailed_up_to_id = excluded.emailed_up_to_id WHERE emailed_up_to_id < excluded.emailed_up_to_id`,
  );
  const names = new Map<string, string | null>();
  const nameOf = (id: string | null) => {
    if (!id) return null;
    if (!names.has(id)) {
      const r = sql.prepare('SELECT first_name AS f, last_name AS l FROM users WHERE id = ?').get(id) as { f: string; l: string } | undefined;
      names.set(id, r ? personName(r.f, r.l) : null);
    }
    return names.get(id)!;
  };

  let digests = 0;
  for (const [userId, candidates] of byUser) {
    const waiting = candidates.filter((m) => {
      const r = readState.get(m.conversationId, userId) as { lastReadId: number; emailedUpToId: number; muted: number } | undefined;
      if (r?.muted) return false;
      if (m.id <= Math.max(r?.lastReadId ?? 0, r?.emailedUpToId ?? 0)) return false;
      return !!mayRead.get({ c: m.conversationId, u: userId });
    });
    if (!waiting.length || waiting[0]!.createdAt > now - DIGEST_DELAY_MS) continue;
    const upTo = new Map<number, number>();
    for (const m of waiting) upTo.set(m.conversationId, Math.max(upTo.get(m.conversationId) ?? 0, m.id));
    const items: DigestItem[] = waiting.map((m) => ({ author: nameOf(m.authorId), where: m.kind === 'channel' ? `#${m.name}` : m.kind === 'group' ? m.name : null, excerpt: excerpt(m.body) }));
    // The claim and the digest's mail in one transaction: claimed means queued, once (the last message's id names it).
    const queued = deps.db.transaction((tx) => {
      const claimed = [...upTo].reduce((n, [conversationId, id]) => n + claim.run(conversationId, userId, id).changes, 0);
      if (!claimed) return false;
      return queueMail(tx, { template: 'chatDigest', to: { userId }, payload: { items }, once: `chat-digest:${userId}:${waiting.at(-1)!.id}`, now });
    });
    if (queued) digests += 1;
  }
  return { digests };
}

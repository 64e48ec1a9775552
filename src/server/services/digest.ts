import type { DB } from '../../../db/database';
import type { NeedItem } from '@shared/needs';
import { DEFAULT_CHANNELS, isNoticeKind, type NoticeChannel, type NoticeKind } from '@shared/notices';
import { EVENT_SOON_MS, POLL_SOON_MS } from '@shared/needs';
import { NOTICE_KIND_OF } from '../domains';
import { countNeeds, listNeeds } from './needs/engine';
import { rolesWith } from './needs/sql';

/*
 * What a member's digest says (jobs/digest.ts sends it): first what waits on them ("Needs you",
 * computed as on the dashboard), then what happened, for each kind the member chose the digest
 * for: their notices of the period not yet read, the community's events of the coming week, polls
 * closing soon, their circles' rounds falling due, the members who joined communities they lead.
 * Values are kept raw (keys, numbers, instants) and written in the reader's language when the mail
 * leaves (mail/digest-mail.ts).
 */

export const DIGEST_NEEDS_SHOWN = 10;
const SHOWN = 10;
const DAY = 86_400_000;

export type DigestNotice = { title: string; message: string; params: Record<string, unknown> | null; link: string | null };
export type DigestContent = {
  since: number;
  needs: NeedItem[];
  needsTotal: number;
  notices: DigestNotice[];
  events: { id: number; title: string; community: string; startsAt: number; timeZone: string }[];
  polls: { id: number; title: string; community: string; closesAt: number }[];
  rounds: { circleId: number; circle: string; round: number; dueAt: number; amount: number; currency: string }[];
  newMembers: { communityId: number; community: string; count: number }[];
};

export const isEmpty = (c: DigestContent) => !c.needs.length && !c.notices.length && !c.events.length && !c.polls.length && !c.rounds.length && !c.newMembers.length;

/** The member's channel for each kind (their choices over the defaults). */
export function channelsOf(db: DB, userId: string): Record<NoticeKind, NoticeChannel> {
  const chosen = db.$client.prepare('SELECT kind, channel FROM notice_preferences WHERE user_id = ?').all(userId) as { kind: string; channel: NoticeChannel }[];
  const channels = { ...DEFAULT_CHANNELS };
  for (const c of chosen) if (isNoticeKind(c.kind)) channels[c.kind] = c.channel;
  return channels;
}

export function digestContent(db: DB, p: { userId: string; since: number; now: number; weekly: boolean }): DigestContent {
  const channels = channelsOf(db, p.userId);
  const digest = (k: NoticeKind) => channels[k] === 'digest';
  const sql = db.$client;
  const content: DigestContent = { since: p.since, needs: [], needsTotal: 0, notices: [], events: [], polls: [], rounds: [], newMembers: [] };

  // What waits on them, unless they turned that kind off.
  if (channels.needs !== 'off') {
    content.needs = listNeeds(db, { viewerId: p.userId, limit: DIGEST_NEEDS_SHOWN, now: p.now }).items;
    content.needsTotal = content.needs.length < DIGEST_NEEDS_SHOWN ? content.needs.length : countNeeds(db, { viewerId: p.userId, now: p.now }).count;
  }
  const waiting = new Set(content.needs.map((n) => n.key));

  // Their unread notices of the period whose kind goes to the digest (work waiting is listed above, computed afresh).
  const recent = sql
    .prepare('SELECT title, message, params, link FROM notifications WHERE user_id = ? AND read = 0 AND handled_at IS NULL AND created_at >= ? ORDER BY id DESC LIMIT 200')
    .all(p.userId, p.since) as { title: string; message: string; params: string | null; link: string | null }[];
  for (const n of recent) {
    const kind = NOTICE_KIND_OF.get(n.title.replace(/\.title$/, ''));
    const name = kind === undefined || kind === 'account' ? null : typeof kind === 'string' ? kind : kind.kind;
    if (!name || name === 'needs' || !digest(name)) continue;
    if (content.notices.length < SHOWN * 2) content.notices.push({ title: n.title, message: n.message, params: n.params ? (JSON.parse(n.params) as Record<string, unknown>) : null, link: n.link });
  }

  const ahead = p.weekly ? 7 * DAY : DAY;
  if (digest('events')) {
    content.events = (
      sql
        .prepare(
          `SELECT e.id, e.title, c.name AS community, e.starts_at AS startsAt, e.time_zone AS timeZone FROM events e
           JOIN memberships m ON m.community_id = e.community_id AND m.user_id = @user JOIN communities c ON c.id = e.community_id
           WHERE e.status = 'scheduled' AND e.starts_at > @now AND e.starts_at <= @now + ${EVENT_SOON_MS} ORDER BY e.starts_at, e.id LIMIT ${SHOWN * 2}`,
        )
        .all({ user: p.userId, now: p.now }) as DigestContent['events']
    )
      .filter((e) => !waiting.has(`eventAnswer:${e.id}`))
      .slice(0, SHOWN);
  }
  if (digest('polls')) {
    content.polls = (
      sql
        .prepare(
          `SELECT p.id, p.title, c.name AS community, p.closes_at AS closesAt FROM polls p
           JOIN memberships m ON m.community_id = p.community_id AND m.user_id = @user JOIN communities c ON c.id = p.community_id
           WHERE p.status = 'open' AND p.closes_at > @now AND p.closes_at <= @now + @ahead ORDER BY p.closes_at, p.id LIMIT ${SHOWN * 2}`,
        )
        .all({ user: p.userId, now: p.now, ahead: Math.max(ahead, POLL_SOON_MS) }) as DigestContent['polls']
    )
      .filter((x) => !waiting.has(`pollVote:${x.id}`))
      .slice(0, SHOWN);
  }
  if (digest('circles')) {
    // Rounds of their circles falling due in the coming week for which one of their hands has nothing declared yet.
    content.rounds = sql
      .prepare(
        `SELECT ci.id AS circleId, ci.name AS circle, r.number AS round, r.due_at AS dueAt, ci.contribution * count(h.id) AS amount, ci.currency FROM circle_rounds r
         JOIN circles ci ON ci.id = r.circle_id AND ci.status = 'active'
         JOIN circle_hands h ON h.circle_id = ci.id AND h.user_id = @user
         WHERE r.status = 'open' AND r.due_at > @now AND r.due_at <= @now + ${7 * DAY}
           AND NOT EXISTS (SELECT 1 FROM circle_contributions k WHERE k.round_id = r.id AND k.hand_id = h.id AND k.status <> 'rejected')
         GROUP BY r.id ORDER BY r.due_at LIMIT ${SHOWN}`,
      )
      .all({ user: p.userId, now: p.now }) as DigestContent['rounds'];
  }
  if (digest('announcements')) {
    content.newMembers = sql
      .prepare(
        `SELECT c.id AS communityId, c.name AS community, count(*) AS count FROM memberships lead
         JOIN communities c ON c.id = lead.community_id
         JOIN memberships joined ON joined.community_id = lead.community_id AND joined.joined_at >= @since AND joined.user_id <> @user
         WHERE lead.user_id = @user AND lead.role IN (${rolesWith('members.manage')})
         GROUP BY c.id ORDER BY c.name LIMIT ${SHOWN}`,
      )
      .all({ user: p.userId, since: p.since }) as DigestContent['newMembers'];
  }
  return content;
}

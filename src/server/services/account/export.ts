import type { DB } from '../../../../db/database';
import type { UserRow } from '../../../../db/schema';
import { toUserDto } from '../users';

/*
 * A member's own data, as they may take it away: their profile, their memberships, what they
 * wrote (announcements, discussion topics and replies, chat messages), their answers to events,
 * and their money records (payments and savings-circle contributions). Only rows that are theirs;
 * nothing about other members beyond the names of the communities. Read with plain SQL in one
 * go: an export is rare and small.
 */

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

type Row = Record<string, unknown>;

export function exportAccountData(db: DB, user: UserRow, now: number) {
  const all = (sql: string) => db.$client.prepare(sql).all({ user: user.id }) as Row[];
  const profile = toUserDto(user);
  const memberships = all(`SELECT c.id AS communityId, c.name AS community, m.role, m.joined_at AS joinedAt
    FROM memberships m JOIN communities c ON c.id = m.community_id WHERE m.user_id = @user ORDER BY m.id`).map((r) => ({ ...r, joinedAt: iso(r.joinedAt as number) }));
  const announcements = all(`SELECT a.id, c.name AS community, a.title, a.content, a.created_at AS createdAt
    FROM announcements a JOIN communities c ON c.id = a.community_id WHERE a.author_id = @user ORDER BY a.id`).map((r) => ({ ...r, createdAt: iso(r.createdAt as number) }));
  const topics = all(`SELECT t.id, c.name AS community, t.title, t.body, t.created_at AS createdAt
    FROM topics t JOIN communities c ON c.id = t.community_id WHERE t.author_id = @user ORDER BY t.id`).map((r) => ({ ...r, createdAt: iso(r.createdAt as number) }));
  const replies = all(`SELECT r.id, r.topic_id AS topicId, t.title AS topic, r.body, r.created_at AS createdAt
    FROM topic_replies r JOIN topics t ON t.id = r.topic_id WHERE r.author_id = @user ORDER BY r.id`).map((r) => ({ ...r, createdAt: iso(r.createdAt as number) }));
  const messages = all(`SELECT m.id, m.conversation_id AS conversationId, m.body, m.created_at AS createdAt, m.edited_at AS editedAt
    FROM messages m WHERE m.author_id = @user AND m.deleted_at IS NULL ORDER BY m.id`).map((r) => ({ ...r, createdAt: iso(r.createdAt as number), editedAt: iso(r.editedAt as number | null) }));
  const eventAnswers = all(`SELECT e.id AS eventId, e.title AS event, c.name AS community, r.status, r.guests, r.note, r.updated_at AS answeredAt
    FROM event_rsvps r JOIN events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id WHERE r.user_id = @user ORDER BY r.id`).map((r) => ({ ...r, answeredAt: iso(r.answeredAt as number) }));
  return {
    exportedAt: iso(now)!,
    profile,
    memberships,
    announcements,
    topics,
    replies,
    messages,
    eventAnswers,
    payments: moneyRecords(db, user.id),
  };
}

/** Payments and circle contributions, each amount in minor units with its currency. */
export function moneyRecords(db: DB, userId: string) {
  const rows = db.$client
    .prepare(
      `SELECT 'payment' AS kind, p.id, c.name AS community, NULL AS circle, p.purpose, p.amount, COALESCE(fs.currency, '') AS currency, p.method, p.reference, p.status, p.receipt_no AS receiptNo, p.created_at AS createdAt
         FROM payments p JOIN communities c ON c.id = p.community_id LEFT JOIN finance_settings fs ON fs.community_id = p.community_id WHERE p.member_id = @user
       UNION ALL
       SELECT 'contribution', k.id, c.name, ci.name, 'circle', k.amount, ci.currency, k.method, k.reference, k.status, k.receipt_no, k.created_at
         FROM circle_contributions k JOIN circles ci ON ci.id = k.circle_id JOIN communities c ON c.id = ci.community_id WHERE k.user_id = @user
       ORDER BY 12, 2`,
    )
    .all({ user: userId }) as Row[];
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt as number) }));
}

const CSV_COLUMNS = ['kind', 'id', 'community', 'circle', 'purpose', 'amount', 'currency', 'method', 'reference', 'status', 'receiptNo', 'createdAt'] as const;

/** One cell: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function cell(value: unknown): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The money records as CSV (amounts in minor units, as stored: exact). */
export function moneyRecordsCsv(db: DB, userId: string): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of moneyRecords(db, userId)) lines.push(CSV_COLUMNS.map((c) => cell((r as Row)[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

import { eq, sql } from 'drizzle-orm';
import { meetingAgendaItems } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { AgendaItemInput } from '@shared/schemas/meetings';
import { conflict, invalid } from '../../services/errors';
import { auditMeeting, IMMEDIATE, meetingOf, requireMemberOf } from './meetings';

/*
 * A meeting's agenda: ordered items, each with a presenter, a time, notes and optionally a linked
 * poll (a vote taken during the meeting), discussion topic or document, all of the same community.
 * Saving replaces the whole list, as the editor shows it.
 */

export type AgendaItem = {
  id: number;
  position: number;
  title: string;
  presenter: { id: string; name: string } | null;
  time: string | null;
  durationMinutes: number | null;
  notes: string;
  poll: { id: number; title: string } | null;
  topic: { id: number; title: string } | null;
  document: { id: number; title: string } | null;
};

type Row = { id: number; position: number; title: string; presenterId: string | null; presenterName: string | null; time: string | null; durationMinutes: number | null; notes: string; pollId: number | null; pollTitle: string | null; topicId: number | null; topicTitle: string | null; documentId: number | null; documentTitle: string | null };
const named = (id: number | null, title: string | null) => (id === null || title === null ? null : { id, title });

export function agendaOf(db: DbLike, meetingId: number): AgendaItem[] {
  return db
    .all<Row>(sql`
      SELECT a.id, a.position, a.title, a.presenter_id AS presenterId, u.first_name || ' ' || u.last_name AS presenterName, a.time, a.duration_minutes AS durationMinutes, a.notes,
        a.poll_id AS pollId, p.title AS pollTitle, a.topic_id AS topicId, t.title AS topicTitle, a.document_id AS documentId, d.title AS documentTitle
      FROM meeting_agenda_items a
      LEFT JOIN users u ON u.id = a.presenter_id AND u.deleted_at IS NULL
      LEFT JOIN polls p ON p.id = a.poll_id LEFT JOIN topics t ON t.id = a.topic_id LEFT JOIN documents d ON d.id = a.document_id
      WHERE a.meeting_id = ${meetingId} ORDER BY a.position, a.id`)
    .map((r) => ({
      id: r.id,
      position: r.position,
      title: r.title,
      presenter: r.presenterId && r.presenterName ? { id: r.presenterId, name: r.presenterName } : null,
      time: r.time,
      durationMinutes: r.durationMinutes,
      notes: r.notes,
      poll: named(r.pollId, r.pollTitle),
      topic: named(r.topicId, r.topicTitle),
      document: named(r.documentId, r.documentTitle),
    }));
}

/** A linked poll, topic or document must be the meeting's community's (an id of another says nothing of it). */
function checkLink(db: DbLike, table: 'polls' | 'topics' | 'documents', id: number | null | undefined, communityId: number, index: number, field: string) {
  if (id == null) return;
  const found = db.get(sql`SELECT 1 AS n FROM ${sql.identifier(table)} WHERE id = ${id} AND community_id = ${communityId}`);
  if (!found) throw invalid('errors.meetings.linkOther', [{ path: ['items', index, field], message: 'errors.meetings.linkOther' }]);
}

export function setAgenda(db: DB, p: { communityId: number; meetingId: number; actorId: string; items: AgendaItemInput[]; now: number }) {
  return db.transaction((tx) => {
    const m = meetingOf(tx, p.communityId, p.meetingId);
    if (m.status === 'cancelled') throw conflict('errors.meetings.cancelled');
    p.items.forEach((item, i) => {
      if (item.presenterId) requireMemberOf(tx, p.communityId, item.presenterId);
      checkLink(tx, 'polls', item.pollId, p.communityId, i, 'pollId');
      checkLink(tx, 'topics', item.topicId, p.communityId, i, 'topicId');
      checkLink(tx, 'documents', item.documentId, p.communityId, i, 'documentId');
    });
    tx.delete(meetingAgendaItems).where(eq(meetingAgendaItems.meetingId, m.id)).run();
    if (p.items.length) {
      tx.insert(meetingAgendaItems)
        .values(
          p.items.map((item, position) => ({
            meetingId: m.id,
            position,
            title: item.title,
            presenterId: item.presenterId ?? null,
            time: item.time ?? null,
            durationMinutes: item.durationMinutes ?? null,
            notes: item.notes,
            pollId: item.pollId ?? null,
            topicId: item.topicId ?? null,
            documentId: item.documentId ?? null,
          })),
        )
        .run();
    }
    auditMeeting(tx, { communityId: p.communityId, actorId: p.actorId, action: 'agendaSet', subject: `meeting:${m.id}`, details: { items: p.items.length }, now: p.now });
    return agendaOf(tx, m.id);
  }, IMMEDIATE);
}

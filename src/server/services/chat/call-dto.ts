import type { DB } from '../../../../db/database';
import type { CallDto } from '@shared/chat/protocol';
import type { CallMedia, CallParticipantState, CallStatus } from '@shared/chat/calls';
import { people } from './dto';
import { statement } from './sql';

/** Calls as the wire carries them: two queries for any number of calls, never one per call. */

type RawCall = {
  id: number;
  conversationId: number;
  startedBy: string | null;
  media: CallMedia;
  status: CallStatus;
  messageId: number | null;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
};
export const CALL_COLUMNS = `k.id, k.conversation_id AS conversationId, k.started_by AS startedBy, k.media, k.status, k.message_id AS messageId,
  k.started_at AS startedAt, k.answered_at AS answeredAt, k.ended_at AS endedAt`;

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

function dtos(db: DB, rows: RawCall[]): CallDto[] {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const parts = statement(
    db,
    `callParts:${ids.length}`,
    () => `SELECT call_id AS callId, user_id AS userId, state FROM call_participants WHERE call_id IN (${placeholders(ids.length)}) ORDER BY coalesce(joined_at, 0) = 0, joined_at, rowid`,
  ).all(...ids) as { callId: number; userId: string; state: CallParticipantState }[];
  const who = people(db, [...parts.map((p) => p.userId), ...rows.map((r) => r.startedBy).filter((id): id is string => !!id)]);
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    media: r.media,
    status: r.status,
    startedBy: r.startedBy ? (who.get(r.startedBy) ?? null) : null,
    startedAt: r.startedAt,
    answeredAt: r.answeredAt,
    endedAt: r.endedAt,
    participants: parts.filter((p) => p.callId === r.id && who.has(p.userId)).map((p) => ({ person: who.get(p.userId)!, state: p.state })),
  }));
}

export function callDto(db: DB, id: number): CallDto | undefined {
  const row = statement(db, 'callRow', () => `SELECT ${CALL_COLUMNS} FROM calls k WHERE k.id = ?`).get(id) as RawCall | undefined;
  return row && dtos(db, [row])[0];
}

/** The calls of call history messages, by message id. */
export function callDtosOfMessages(db: DB, messageIds: readonly number[]): Map<number, CallDto> {
  const out = new Map<number, CallDto>();
  if (!messageIds.length) return out;
  const rows = statement(db, `callsOfMsgs:${messageIds.length}`, () => `SELECT ${CALL_COLUMNS} FROM calls k WHERE k.message_id IN (${placeholders(messageIds.length)})`).all(
    ...messageIds,
  ) as RawCall[];
  for (const [i, dto] of dtos(db, rows).entries()) out.set(rows[i]!.messageId!, dto);
  return out;
}

/** The live (ringing or going) calls of these ids' conversations, or those ringing `userId`. */
export function callDtosWhere(db: DB, key: string, where: string, ...params: unknown[]): CallDto[] {
  return dtos(db, statement(db, `calls:${key}`, () => `SELECT ${CALL_COLUMNS} FROM calls k WHERE ${where} ORDER BY k.id`).all(...params) as RawCall[]);
}

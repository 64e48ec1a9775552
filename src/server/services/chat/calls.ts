import type { DB } from '../../../../db/database';
import type { UserRow } from '../../../../db/schema';
import type { CallDto } from '@shared/chat/protocol';
import { CALL_MAX_PARTICIPANTS, type CallMedia } from '@shared/chat/calls';
import { chatBus, conversationTopic, userTopic } from '../../chat/pubsub';
import { conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { canRead, conversationMemberIds, isModerator, readableConversation } from './access';
import { CALL_COLUMNS, callDto, callDtosWhere } from './call-dto';
import { messageDto } from './dto';
import { publishMessage } from './messages';
import { statement } from './sql';

/*
 * Calls in a conversation (docs/decisions/027-calls.md). The server keeps who is in which call and
 * relays the browsers' signalling (chat/ws.ts); the media go between the browsers. Every change is
 * a conditional UPDATE in an IMMEDIATE transaction, so two answers, or an answer and the ring's
 * end, cannot both win; its frames go out after the commit:
 * - `call.updated` to the conversation's readers (the "Join" bar, the call view, ringing stops);
 * - `call.ringing` to each person rung (their account's topic: every open tab);
 * - `message.updated` for the call's history entry when the call is over.
 *
 * Who is rung: the other people of a direct conversation or a group. A channel's call rings
 * nobody (a channel can be a whole community); its readers see the "Join" bar.
 * When a call is over: nobody answered in CALL_RING_SECONDS (missed), everyone rung declined
 * (declined), the last person left (or, one-to-one, either of them), or its starter ended it.
 */

export const CALL_NOT_FOUND = 'calls.errors.notFound';
const IMMEDIATE = { behavior: 'immediate' } as const;

type Live = { id: number; conversationId: number; startedBy: string | null; status: 'ringing' | 'active'; startedAt: number; messageId: number | null };

/** What starts a ring timer and reads the clock: the app's, given by the operations. */
export type CallClock = { now: () => number; ringMs: number };

// One ring timer per call, per database (tests run several apps in one process).
const timers = new WeakMap<object, Map<number, NodeJS.Timeout>>();
function timersOf(db: DB) {
  let m = timers.get(db.$client);
  if (!m) timers.set(db.$client, (m = new Map()));
  return m;
}

function liveCall(db: DB, id: number): Live | undefined {
  return statement(db, 'liveCall', () => `SELECT ${CALL_COLUMNS} FROM calls k WHERE k.id = ? AND k.status IN ('ringing', 'active')`).get(id) as Live | undefined;
}

/** The call's conversation for the operations' community guard. */
export function callCommunity(db: DB, callId: number): number | undefined {
  return statement(db, 'callCommunity', () => 'SELECT c.community_id FROM calls k JOIN conversations c ON c.id = k.conversation_id WHERE k.id = ?').pluck().get(callId) as number | undefined;
}

/** The call, 404 alike for an unknown one and one in a conversation the caller may not read. */
function readableCall(db: DB, userId: string, callId: number): CallDto {
  const call = callDto(db, callId);
  if (!call || !canRead(db, userId, call.conversationId)) throw notFound(CALL_NOT_FOUND);
  return call;
}

/** A call ringing or going that the caller may read (TURN credentials are for those only). */
export function liveReadableCall(db: DB, userId: string, callId: number): CallDto {
  const call = readableCall(db, userId, callId);
  if (call.status !== 'ringing' && call.status !== 'active') throw conflict('calls.errors.over');
  return call;
}

function stateOf(db: DB, callId: number, userId: string): string | undefined {
  return statement(db, 'callState', () => 'SELECT state FROM call_participants WHERE call_id = ? AND user_id = ?').pluck().get(callId, userId) as string | undefined;
}

const count = (db: DB, callId: number, state: string) =>
  statement(db, 'callCount', () => 'SELECT count(*) FROM call_participants WHERE call_id = ? AND state = ?').pluck().get(callId, state) as number;

function publishCall(db: DB, callId: number) {
  const call = callDto(db, callId);
  if (!call) return;
  chatBus(db).publish(conversationTopic(call.conversationId), { frame: { type: 'call.updated', call }, conversationId: call.conversationId });
}

/** The history entry changed (the call ended): readers get the new wording's facts. */
function publishHistory(db: DB, callId: number) {
  const messageId = statement(db, 'callMsg', () => 'SELECT message_id FROM calls WHERE id = ?').pluck().get(callId) as number | null | undefined;
  if (messageId) publishMessage(db, 'message.updated', messageDto(db, messageId));
}

/**
 * Ends a live call (inside a transaction): `status` ended, missed or declined; whoever was still in
 * it has left, whoever was still rung missed it; the history entry is marked changed so a client
 * catching up (chat.since's `changed`) hears of it. False when it was already over.
 */
function finish(db: DB, callId: number, status: 'ended' | 'missed' | 'declined', now: number): boolean {
  const done = statement(db, 'callFinish', () => "UPDATE calls SET status = ?, ended_at = ? WHERE id = ? AND status IN ('ringing', 'active')").run(status, now, callId);
  if (done.changes !== 1) return false;
  statement(db, 'callAllLeft', () => "UPDATE call_participants SET state = 'left', left_at = ? WHERE call_id = ? AND state = 'joined'").run(now, callId);
  statement(db, 'callAllMissed', () => "UPDATE call_participants SET state = 'missed' WHERE call_id = ? AND state = 'invited'").run(callId);
  statement(db, 'callMsgChanged', () => 'UPDATE messages SET edited_at = ? WHERE id = (SELECT message_id FROM calls WHERE id = ?)').run(now, callId);
  clearTimeout(timersOf(db).get(callId));
  timersOf(db).delete(callId);
  return true;
}

/** After someone left or declined: whether the call is over now, and how (inside the transaction). */
function settle(db: DB, call: Live, kind: string, now: number): boolean {
  const joined = count(db, call.id, 'joined');
  const invited = count(db, call.id, 'invited');
  if (call.status === 'ringing') {
    // Nobody answered: the starter hung up (missed for those rung), or everyone rung declined.
    if (joined === 0) return finish(db, call.id, 'missed', now);
    if (invited === 0 && kind !== 'channel') return finish(db, call.id, 'declined', now);
    return false;
  }
  if (joined === 0 || (kind === 'direct' && joined < 2)) return finish(db, call.id, 'ended', now);
  return false;
}

function after(db: DB, callId: number, over: boolean): CallDto {
  publishCall(db, callId);
  if (over) publishHistory(db, callId);
  return callDto(db, callId)!;
}

/** The ring's end: nobody answered (missed), or those rung in a call already going missed it. */
export function ringOver(db: DB, callId: number, now: number): void {
  timersOf(db).delete(callId);
  const over = db.transaction(() => {
    const call = liveCall(db, callId);
    if (!call) return null;
    if (call.status === 'ringing') return finish(db, callId, 'missed', now);
    const changed = statement(db, 'callRingMissed', () => "UPDATE call_participants SET state = 'missed' WHERE call_id = ? AND state = 'invited'").run(callId).changes;
    return changed > 0 ? false : null;
  }, IMMEDIATE);
  if (over !== null) after(db, callId, over);
}

function scheduleRing(db: DB, callId: number, clock: CallClock) {
  const timer = setTimeout(() => ringOver(db, callId, clock.now()), clock.ringMs);
  timer.unref();
  timersOf(db).set(callId, timer);
}

/** A live call whose ring should have ended (the server restarted while it rang) is settled first. */
function expireStale(db: DB, conversationId: number, clock: CallClock) {
  const now = clock.now();
  const stale = statement(db, 'callStale', () => "SELECT id FROM calls WHERE conversation_id = ? AND status = 'ringing' AND started_at <= ?").pluck().get(conversationId, now - clock.ringMs) as number | undefined;
  if (stale !== undefined && !timersOf(db).has(stale)) ringOver(db, stale, now);
}

export function startCall(db: DB, p: { user: UserRow; conversationId: number; media: CallMedia; clock: CallClock }): CallDto {
  const { user } = p;
  const now = p.clock.now();
  const conversation = readableConversation(db, user.id, p.conversationId);
  const rung = conversation.kind === 'channel' ? [] : conversationMemberIds(db, conversation.id).filter((id) => id !== user.id && canRead(db, id, conversation.id));
  if (conversation.kind === 'direct' && !rung.length) throw forbidden('chat.errors.directGone');
  expireStale(db, conversation.id, p.clock);
  let callId: number;
  let messageId: number;
  try {
    ({ callId, messageId } = db.transaction(() => {
      const message = statement(db, 'callMsgInsert', () => "INSERT INTO messages (conversation_id, author_id, kind, body, created_at) VALUES (?, ?, 'call', '', ?)").run(conversation.id, user.id, now);
      const messageId = Number(message.lastInsertRowid);
      const call = statement(db, 'callInsert', () => "INSERT INTO calls (conversation_id, started_by, media, status, message_id, started_at) VALUES (?, ?, ?, 'ringing', ?, ?)").run(
        conversation.id,
        user.id,
        p.media,
        messageId,
        now,
      );
      const id = Number(call.lastInsertRowid);
      statement(db, 'convLast', () => 'UPDATE conversations SET last_message_id = ?, last_message_at = ? WHERE id = ?').run(messageId, now, conversation.id);
      statement(db, 'readOwn', () =>
        `INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES (?, ?, ?)
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_id = max(last_read_id, excluded.last_read_id)`,
      ).run(conversation.id, user.id, messageId);
      const add = statement(db, 'callAdd', () => 'INSERT INTO call_participants (call_id, user_id, state, joined_at) VALUES (?, ?, ?, ?)');
      add.run(id, user.id, 'joined', now);
      for (const other of rung) add.run(id, other, 'invited', null);
      return { callId: id, messageId };
    }, IMMEDIATE));
  } catch (error) {
    // The partial unique index: a call is already ringing or going here.
    if (isUniqueViolation(error)) throw conflict('calls.errors.busy');
    throw error;
  }
  scheduleRing(db, callId, p.clock);
  const call = callDto(db, callId)!;
  publishMessage(db, 'message.created', messageDto(db, messageId));
  publishCall(db, callId);
  for (const other of rung) chatBus(db).publish(userTopic(other), { frame: { type: 'call.ringing', call }, conversationId: conversation.id });
  return call;
}

/** Accepting a ring, or joining a call going in the conversation: at most CALL_MAX_PARTICIPANTS in it at once. */
export function acceptCall(db: DB, p: { user: UserRow; callId: number; now: number }): CallDto {
  const seen = readableCall(db, p.user.id, p.callId);
  const changed = db.transaction(() => {
    const call = liveCall(db, p.callId);
    if (!call) throw conflict('calls.errors.over');
    if (stateOf(db, call.id, p.user.id) === 'joined') return false;
    if (count(db, call.id, 'joined') >= CALL_MAX_PARTICIPANTS) throw conflict('calls.errors.full');
    statement(db, 'callJoin', () =>
      `INSERT INTO call_participants (call_id, user_id, state, joined_at) VALUES (?, ?, 'joined', ?)
       ON CONFLICT (call_id, user_id) DO UPDATE SET state = 'joined', joined_at = excluded.joined_at, left_at = NULL`,
    ).run(call.id, p.user.id, p.now);
    statement(db, 'callAnswered', () => "UPDATE calls SET status = 'active', answered_at = ? WHERE id = ? AND status = 'ringing'").run(p.now, call.id);
    return true;
  }, IMMEDIATE);
  return changed ? after(db, seen.id, false) : seen;
}

/** Someone rung says no; a call everyone rung declined is over. */
export function declineCall(db: DB, p: { user: UserRow; callId: number; now: number }): CallDto {
  const seen = readableCall(db, p.user.id, p.callId);
  const kind = conversationKind(db, seen.conversationId);
  const over = db.transaction(() => {
    const call = liveCall(db, p.callId);
    if (!call) throw conflict('calls.errors.over');
    const declined = statement(db, 'callDecline', () => "UPDATE call_participants SET state = 'declined' WHERE call_id = ? AND user_id = ? AND state = 'invited'").run(call.id, p.user.id);
    if (declined.changes !== 1) throw conflict('calls.errors.notRinging');
    return settle(db, call, kind, p.now);
  }, IMMEDIATE);
  return after(db, seen.id, over);
}

export function leaveCall(db: DB, p: { user: UserRow; callId: number; now: number }): CallDto {
  const seen = readableCall(db, p.user.id, p.callId);
  const over = leave(db, p.callId, p.user.id, conversationKind(db, seen.conversationId), p.now);
  if (over === null) throw conflict('calls.errors.notInCall');
  return after(db, seen.id, over);
}

/** The leaving's writes: null when `userId` was not in the live call. */
function leave(db: DB, callId: number, userId: string, kind: string, now: number): boolean | null {
  return db.transaction(() => {
    const call = liveCall(db, callId);
    if (!call) return null;
    const left = statement(db, 'callLeave', () => "UPDATE call_participants SET state = 'left', left_at = ? WHERE call_id = ? AND user_id = ? AND state = 'joined'").run(now, call.id, userId);
    if (left.changes !== 1) return null;
    return settle(db, call, kind, now);
  }, IMMEDIATE);
}

/** Ends the call for everyone: its starter; in a one-to-one call either person; in a channel, a leader too. */
export function endCall(db: DB, p: { user: UserRow; callId: number; now: number }): CallDto {
  const seen = readableCall(db, p.user.id, p.callId);
  const conversation = readableConversation(db, p.user.id, seen.conversationId);
  const inIt = stateOf(db, seen.id, p.user.id) === 'joined';
  const allowed =
    seen.startedBy?.id === p.user.id || (conversation.kind === 'direct' && inIt) || (conversation.kind === 'channel' && isModerator(db, p.user.id, conversation.communityId));
  if (!allowed) throw forbidden('calls.errors.notYours');
  const over = db.transaction(() => {
    const call = liveCall(db, p.callId);
    if (!call) throw conflict('calls.errors.over');
    return finish(db, call.id, call.status === 'ringing' ? 'missed' : 'ended', p.now);
  }, IMMEDIATE);
  return after(db, seen.id, over);
}

/** The live call of a conversation (the "Join" bar), or null. */
export function currentCall(db: DB, p: { userId: string; conversationId: number; clock: CallClock }): CallDto | null {
  readableConversation(db, p.userId, p.conversationId);
  expireStale(db, p.conversationId, p.clock);
  return callDtosWhere(db, 'live', "k.conversation_id = ? AND k.status IN ('ringing', 'active')", p.conversationId)[0] ?? null;
}

/** Calls ringing the caller now (a tab opened after the ring began shows it too). */
export function ringingFor(db: DB, userId: string): CallDto[] {
  return callDtosWhere(
    db,
    'ringingFor',
    "k.status IN ('ringing', 'active') AND EXISTS (SELECT 1 FROM call_participants p WHERE p.call_id = k.id AND p.user_id = ? AND p.state = 'invited')",
    userId,
  ).filter((call) => canRead(db, userId, call.conversationId));
}

const conversationKind = (db: DB, conversationId: number) => statement(db, 'convKind', () => 'SELECT kind FROM conversations WHERE id = ?').pluck().get(conversationId) as string;

/**
 * Whoever may no longer read a live call's conversation is out of it (removed from a group or a
 * private channel, or from the community): called when a member is removed and whenever a signal
 * names someone who cannot read. Answers whether anyone was dropped.
 */
export function dropUnreadable(db: DB, conversationId: number, now: number): boolean {
  const live = statement(db, 'callLiveOf', () => "SELECT id FROM calls WHERE conversation_id = ? AND status IN ('ringing', 'active')").pluck().get(conversationId) as number | undefined;
  if (live === undefined) return false;
  const present = statement(db, 'callPresent', () => "SELECT user_id FROM call_participants WHERE call_id = ? AND state IN ('joined', 'invited')").pluck().all(live) as string[];
  const gone = present.filter((id) => !canRead(db, id, conversationId));
  if (!gone.length) return false;
  const kind = conversationKind(db, conversationId);
  const over = db.transaction(() => {
    const call = liveCall(db, live);
    if (!call) return false;
    for (const id of gone) statement(db, 'callDrop', () => "UPDATE call_participants SET state = CASE state WHEN 'joined' THEN 'left' ELSE 'missed' END, left_at = ? WHERE call_id = ? AND user_id = ? AND state IN ('joined', 'invited')").run(now, call.id, id);
    return settle(db, call, kind, now);
  }, IMMEDIATE);
  after(db, live, over);
  return true;
}

/** The calls of a community's conversations `userId` was in or rung for, which they may no longer read (they left the community, or were removed). */
export function dropFromCommunityCalls(db: DB, communityId: number, userId: string, now: number): void {
  const conversations = statement(db, 'callsInCommunity', () =>
    `SELECT DISTINCT k.conversation_id FROM calls k JOIN conversations c ON c.id = k.conversation_id
     JOIN call_participants p ON p.call_id = k.id AND p.user_id = ? AND p.state IN ('joined', 'invited')
     WHERE c.community_id = ? AND k.status IN ('ringing', 'active')`,
  )
    .pluck()
    .all(userId, communityId) as number[];
  for (const id of conversations) dropUnreadable(db, id, now);
}

/** Every call `userId` is in, left (their last socket closed: the tab that held the call is gone). */
export function leaveAllCalls(db: DB, userId: string, now: number): void {
  const joined = statement(db, 'callsJoined', () =>
    "SELECT k.id, k.conversation_id AS conversationId FROM calls k JOIN call_participants p ON p.call_id = k.id WHERE p.user_id = ? AND p.state = 'joined' AND k.status IN ('ringing', 'active')",
  ).all(userId) as { id: number; conversationId: number }[];
  for (const call of joined) {
    const over = leave(db, call.id, userId, conversationKind(db, call.conversationId), now);
    if (over !== null) after(db, call.id, over);
  }
}

/**
 * Whether a signal from `from` to `to` in the call may go: both in it now and both able to read
 * its conversation (checked for every frame). Someone who lost access is dropped on the way.
 */
export function signalAllowed(db: DB, p: { callId: number; from: string; to: string; now: number }): number | null {
  if (p.from === p.to) return null;
  const conversationId = statement(db, 'callSignal', () =>
    `SELECT k.conversation_id FROM calls k
     JOIN call_participants a ON a.call_id = k.id AND a.user_id = ? AND a.state = 'joined'
     JOIN call_participants b ON b.call_id = k.id AND b.user_id = ? AND b.state = 'joined'
     WHERE k.id = ? AND k.status IN ('ringing', 'active')`,
  )
    .pluck()
    .get(p.from, p.to, p.callId) as number | undefined;
  if (conversationId === undefined) return null;
  if (!canRead(db, p.from, conversationId) || !canRead(db, p.to, conversationId)) {
    dropUnreadable(db, conversationId, p.now);
    return null;
  }
  return conversationId;
}

import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { communities, eventRsvps, eventSeries, events, memberships, type EventRow, type EventSeriesRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { MAX_EVENT_DURATION_MS, MAX_OCCURRENCES } from '@shared/events/rules';
import { daysBetween, instantOfLocal, localOf } from '@shared/events/time';
import { addDays } from '@shared/njangi/schedule';
import type { CreateEventInput, EventChanges } from '@shared/schemas/events';
import { notifyCommunity } from '../notifications';
import { conflict, DomainError, fieldError, notFound } from '../errors';
import { toPage } from '../paging';
import { isDatabase, prepared } from '../prepared';
import { eventLink, noticeTo, type EventNotice } from './notices';
import { dayBefore, occurrences, rruleOf, type Recurrence } from './recurrence';
import { myRsvp, promoteWaitlisted, rsvpCounts, rsvpResult } from './rsvps';

/*
 * Events and their series. Every change to an occurrence is one conditional UPDATE that only
 * touches a scheduled row and increments its iCalendar SEQUENCE, so a cancelled event cannot be
 * edited back to life by a request that read it before the cancellation, and calendar apps always
 * see the newest version as newer.
 */

const NOT_FOUND = 'errors.events.notFound';
const IMMEDIATE = { behavior: 'immediate' } as const;

/** The community an event belongs to (for the guard), or undefined. */
export const eventCommunity = (db: DB, id: number) =>
  prepared(db, 'events.community', (d) => d.select({ communityId: events.communityId }).from(events).where(eq(events.id, sql.placeholder('id'))).prepare()).get({ id })?.communityId;

const eventById = (db: DB) => prepared(db, 'events.byId', (d) => d.select().from(events).where(eq(events.id, sql.placeholder('id'))).prepare());

/** Prepared when given the database (also inside its transactions: see prepared.ts). */
export function eventOf(db: DbLike, id: number): EventRow {
  const row = isDatabase(db) ? eventById(db).get({ id }) : db.select().from(events).where(eq(events.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export function toEventDto(row: EventRow) {
  const { reminderSent: _, ...rest } = row;
  return rest;
}
export type EventDto = ReturnType<typeof toEventDto>;

const seriesDto = (s: EventSeriesRow) => ({ id: s.id, frequency: s.frequency, rrule: s.rrule, timeZone: s.timeZone, startDate: s.startDate, localTime: s.localTime, until: s.until, count: s.count });

const startInPast = () => fieldError('invalid', 'startsAt', 'errors.events.startInPast');

/**
 * A new event, or a series materialised as one row per occurrence (at most 104); the community's
 * members are told once, in-app.
 */
export function createEvent(db: DB, p: { community: { id: number; name: string }; createdBy: string; input: Omit<CreateEventInput, 'communityId' | 'guestListHidden'> & { guestListHidden?: boolean }; now: number }) {
  const { repeat, ...fields } = p.input;
  if (fields.startsAt < p.now) throw startInPast();
  const durationMs = fields.endsAt - fields.startsAt;
  let recurrence: (Recurrence & { durationMs: number }) | null = null;
  let dates: { startsAt: number; endsAt: number }[] = [{ startsAt: fields.startsAt, endsAt: fields.endsAt }];
  if (repeat) {
    const local = localOf(fields.startsAt, fields.timeZone);
    recurrence = { frequency: repeat.frequency, startDate: local.date, localTime: local.time, timeZone: fields.timeZone, until: repeat.until ?? null, count: repeat.count ?? null, durationMs };
    if (recurrence.until !== null && recurrence.until < recurrence.startDate) throw new DomainError('invalid', 'validation.events.untilBeforeStart', [{ path: ['repeat', 'until'], message: 'validation.events.untilBeforeStart' }]);
    dates = occurrences(recurrence);
    if (dates.length > MAX_OCCURRENCES) {
      throw new DomainError('invalid', 'errors.events.seriesTooLong', [{ path: ['repeat', 'until'], message: 'errors.events.seriesTooLong' }], undefined, { max: MAX_OCCURRENCES });
    }
  }
  return db.transaction((tx) => {
    const series = recurrence
      ? tx
          .insert(eventSeries)
          .values({ communityId: p.community.id, ...recurrence, rrule: rruleOf(recurrence), createdBy: p.createdBy, createdAt: p.now, updatedAt: p.now })
          .returning()
          .get()
      : null;
    const base = {
      communityId: p.community.id,
      seriesId: series?.id ?? null,
      title: fields.title,
      description: fields.description,
      timeZone: fields.timeZone,
      place: fields.place ?? null,
      onlineUrl: fields.onlineUrl ?? null,
      coverUrl: fields.coverUrl ?? null,
      capacity: fields.capacity ?? null,
      visibility: fields.visibility,
      guestListHidden: fields.guestListHidden ?? false,
      createdBy: p.createdBy,
      createdAt: p.now,
      updatedAt: p.now,
    };
    const rows = tx
      .insert(events)
      .values(dates.map((d) => ({ ...base, startsAt: d.startsAt, endsAt: d.endsAt })))
      .returning()
      .all()
      .sort((a, b) => a.startsAt - b.startsAt);
    const first = rows[0]!;
    // One notification for a whole series, not one per occurrence.
    notifyCommunity(tx, {
      communityId: p.community.id,
      exceptUserIds: [p.createdBy],
      title: series ? 'notifications.eventSeriesNew.title' : 'notifications.eventNew.title',
      message: series ? 'notifications.eventSeriesNew.message' : 'notifications.eventNew.message',
      params: { title: first.title, community: p.community.name },
      link: eventLink(first.id),
      now: p.now,
    });
    return { ...toEventDto(first), series: series ? seriesDto(series) : null, occurrences: rows.length };
  }, IMMEDIATE);
}

type Change = Partial<Pick<EventRow, 'title' | 'description' | 'place' | 'onlineUrl' | 'coverUrl' | 'capacity' | 'visibility' | 'guestListHidden' | 'startsAt' | 'endsAt' | 'timeZone' | 'seriesId'>>;

/** One occurrence changed: only while scheduled, its SEQUENCE incremented; a new time re-arms its reminder; new places go to those waiting. */
function applyChange(tx: DbLike, row: EventRow, change: Change, now: number): { row: EventRow; notices: EventNotice[] } {
  const moved = change.startsAt !== undefined && change.startsAt !== row.startsAt;
  const updated = tx
    .update(events)
    .set({ ...change, ...(moved ? { reminderSent: false } : {}), sequence: sql`${events.sequence} + 1`, updatedAt: now })
    .where(and(eq(events.id, row.id), eq(events.status, 'scheduled')))
    .returning()
    .get();
  if (!updated) throw conflict('errors.events.cancelled');
  const notices = change.capacity !== undefined && change.capacity !== row.capacity ? promoteWaitlisted(tx, updated, now) : [];
  return { row: updated, notices };
}

const ANSWERED_YES = ['going', 'maybe', 'waitlisted'] as const;

/**
 * Whoever said they would (or might) come is told when the time or the place of what they
 * answered changes, once per person however many occurrences moved; the notice names the first
 * moved occurrence's new time. A new title or description alone tells nobody.
 */
function movedNotices(tx: DbLike, pairs: readonly [EventRow, EventRow][], now: number): EventNotice[] {
  const moved = pairs.filter(([a, b]) => a.startsAt !== b.startsAt || a.endsAt !== b.endsAt || a.timeZone !== b.timeZone || a.place !== b.place || a.onlineUrl !== b.onlineUrl);
  if (!moved.length) return [];
  const people = tx
    .selectDistinct({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(inArray(eventRsvps.eventId, moved.map(([, b]) => b.id)), inArray(eventRsvps.status, [...ANSWERED_YES])))
    .all()
    .map((r) => r.userId);
  const first = moved.map(([, b]) => b).sort((a, b) => a.startsAt - b.startsAt)[0]!;
  return noticeTo(tx, people, { key: moved.length > 1 ? 'eventSeriesChanged' : 'eventChanged', event: first, now });
}

/**
 * Edits an occurrence ('one'), or it and every later occurrence of its series ('following'): those
 * move to a new series row (the old one now ends the day before), and a new time applies as the
 * same local shift to each of them, in their zone, so they keep their weekday and wall clock.
 */
export function updateEvent(db: DB, p: { id: number; scope: 'one' | 'following'; changes: EventChanges; now: number }) {
  return db.transaction((tx) => {
    const row = eventOf(tx, p.id);
    if (row.status === 'cancelled') throw conflict('errors.events.cancelled');
    const c = p.changes;
    const timed = c.startsAt !== undefined || c.endsAt !== undefined || c.timeZone !== undefined;
    const startsAt = c.startsAt ?? row.startsAt;
    // A new start alone keeps the duration.
    const endsAt = c.endsAt ?? (c.startsAt !== undefined ? startsAt + (row.endsAt - row.startsAt) : row.endsAt);
    if (endsAt <= startsAt) throw fieldError('invalid', 'endsAt', 'validation.events.endBeforeStart');
    if (endsAt - startsAt > MAX_EVENT_DURATION_MS) throw fieldError('invalid', 'endsAt', 'validation.events.tooLong');
    if (startsAt !== row.startsAt && startsAt < p.now) throw startInPast();
    const timeZone = c.timeZone ?? row.timeZone;
    const fields: Change = {};
    for (const k of ['title', 'description', 'place', 'onlineUrl', 'coverUrl', 'capacity', 'visibility', 'guestListHidden'] as const) {
      if (c[k] !== undefined) (fields as Record<string, unknown>)[k] = c[k];
    }

    if (p.scope === 'one' || row.seriesId === null) {
      const r = applyChange(tx, row, { ...fields, ...(timed ? { startsAt, endsAt, timeZone } : {}) }, p.now);
      return { event: toEventDto(r.row), updated: 1, notices: [...r.notices, ...movedNotices(tx, [[row, r.row]], p.now)] };
    }

    const series = tx.select().from(eventSeries).where(eq(eventSeries.id, row.seriesId)).get()!;
    const following = tx
      .select()
      .from(events)
      .where(and(eq(events.seriesId, series.id), gte(events.startsAt, row.startsAt)))
      .orderBy(asc(events.startsAt), asc(events.id))
      .all();
    const earlier = tx.select({ n: count() }).from(events).where(and(eq(events.seriesId, series.id), lt(events.startsAt, row.startsAt))).get()!.n;
    const oldLocal = localOf(row.startsAt, row.timeZone);
    const newLocal = localOf(startsAt, timeZone);
    const shift = daysBetween(oldLocal.date, newLocal.date);
    const localTime = timed ? newLocal.time : series.localTime;
    const durationMs = endsAt - startsAt;
    const rec: Recurrence = {
      frequency: series.frequency,
      startDate: newLocal.date,
      localTime,
      timeZone,
      until: series.until === null ? null : addDays(series.until, shift),
      count: series.count === null ? null : following.length,
    };
    const seriesValues = { ...rec, durationMs, rrule: rruleOf(rec), updatedAt: p.now };
    let seriesId = series.id;
    if (earlier > 0) {
      // The old series now ends before this occurrence; the rest continue as a new one.
      const ended: Recurrence = { ...series, until: series.until === null ? null : dayBefore(oldLocal.date), count: series.count === null ? null : earlier };
      tx.update(eventSeries).set({ until: ended.until, count: ended.count, rrule: rruleOf(ended), updatedAt: p.now }).where(eq(eventSeries.id, series.id)).run();
      seriesId = tx
        .insert(eventSeries)
        .values({ communityId: series.communityId, createdBy: series.createdBy, createdAt: p.now, ...seriesValues })
        .returning({ id: eventSeries.id })
        .get().id;
    } else {
      tx.update(eventSeries).set(seriesValues).where(eq(eventSeries.id, series.id)).run();
    }

    let edited: EventRow = row;
    const notices: EventNotice[] = [];
    const changed: [EventRow, EventRow][] = [];
    for (const r of following) {
      const change: Change = { ...fields, seriesId };
      if (timed) {
        const local = localOf(r.startsAt, r.timeZone);
        const start = instantOfLocal(addDays(local.date, shift), localTime, timeZone);
        Object.assign(change, { startsAt: start, endsAt: start + durationMs, timeZone });
      }
      if (r.status === 'cancelled') {
        // A cancelled occurrence stays as it was; it only follows the rest into the new series.
        tx.update(events).set({ seriesId }).where(eq(events.id, r.id)).run();
        continue;
      }
      const done = applyChange(tx, r, change, p.now);
      notices.push(...done.notices);
      changed.push([r, done.row]);
      if (r.id === row.id) edited = done.row;
    }
    notices.push(...movedNotices(tx, changed, p.now));
    return { event: toEventDto(edited), updated: following.filter((r) => r.status !== 'cancelled').length, notices };
  }, IMMEDIATE);
}

/** Cancels an occurrence (or it and every later one of its series), with a reason; everyone who answered is told. */
export function cancelEvent(db: DB, p: { id: number; scope: 'one' | 'following'; reason: string; now: number }) {
  return db.transaction((tx) => {
    const row = eventOf(tx, p.id);
    if (row.status === 'cancelled') throw conflict('errors.events.alreadyCancelled');
    const targets =
      p.scope === 'following' && row.seriesId !== null
        ? tx
            .select()
            .from(events)
            .where(and(eq(events.seriesId, row.seriesId), gte(events.startsAt, row.startsAt), eq(events.status, 'scheduled')))
            .all()
        : [row];
    const cancelled: number[] = [];
    for (const t of targets) {
      const done = tx
        .update(events)
        .set({ status: 'cancelled', cancelReason: p.reason, cancelledAt: p.now, sequence: sql`${events.sequence} + 1`, updatedAt: p.now })
        .where(and(eq(events.id, t.id), eq(events.status, 'scheduled')))
        .run().changes;
      if (done) cancelled.push(t.id);
    }
    if (!cancelled.includes(row.id)) throw conflict('errors.events.alreadyCancelled');
    const answered = tx
      .selectDistinct({ userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(inArray(eventRsvps.eventId, cancelled))
      .all()
      .map((r) => r.userId);
    const key = cancelled.length > 1 ? 'eventSeriesCancelled' : 'eventCancelled';
    const notices = noticeTo(tx, answered, { key, event: row, params: { reason: p.reason }, type: 'warning', now: p.now });
    return { event: toEventDto(eventOf(tx, row.id)), cancelled: cancelled.length, notices };
  }, IMMEDIATE);
}

/**
 * One event as a member sees it: the counts, the caller's own answer and who is going (their
 * names and guests; never maybe, not going nor notes). When the hosts hide the guest list, `going`
 * is null for everyone but them: members see only the counts.
 */
export function eventDetail(db: DbLike, p: { id: number; viewerId: string; host: boolean }) {
  const row = eventOf(db, p.id);
  const series = row.seriesId === null ? undefined : db.select().from(eventSeries).where(eq(eventSeries.id, row.seriesId)).get();
  const mine = myRsvp(db, row.id, p.viewerId);
  return {
    ...toEventDto(row),
    series: series ? seriesDto(series) : null,
    counts: rsvpCounts(db, row),
    myRsvp: mine ? rsvpResult(db, row, mine) : null,
    going: row.guestListHidden && !p.host ? null : goingList(db, row.id),
  };
}

/** Who is going, in the order they answered. */
function goingList(db: DbLike, eventId: number) {
  return db
    .all<{ userId: string; firstName: string; lastName: string; guests: number }>(
      sql`SELECT r.user_id AS userId, u.first_name AS firstName, u.last_name AS lastName, r.guests
        FROM event_rsvps r JOIN users u ON u.id = r.user_id
        WHERE r.event_id = ${eventId} AND r.status = 'going' ORDER BY r.created_at, r.id`,
    )
    .map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}`, guests: r.guests }));
}

const decodeCursor = (cursor: string | undefined) => {
  if (!cursor) return null;
  const [startsAt, id] = cursor.split('.').map(Number) as [number, number];
  return { startsAt, id };
};

/** Events not yet over at `from` and starting before `to`; the start bound lets the (community, start) index do the work. */
function windowWhere(p: { from: number; to?: number; cursor?: string; order?: Order }): SQL {
  const after = decodeCursor(p.cursor);
  const beyond = p.order === 'desc' ? sql`<` : sql`>`;
  return and(
    gte(events.startsAt, p.from - MAX_EVENT_DURATION_MS),
    sql`${events.endsAt} > ${p.from}`,
    p.to === undefined ? undefined : lt(events.startsAt, p.to),
    after ? sql`(${events.startsAt}, ${events.id}) ${beyond} (${after.startsAt}, ${after.id})` : undefined,
  )!;
}

type Order = 'asc' | 'desc';
/** By start then id; 'desc' (newest first) for past events, the same index read backwards. */
const byStart = (order: Order = 'asc') => (order === 'desc' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)]);

// Written out as events.id: drizzle leaves a single table's columns unqualified, and inside the
// subquery "id" would be the answer's own id.
const listColumns = (viewerId: string) => ({
  event: events,
  myStatus: sql<string | null>`(SELECT r.status FROM event_rsvps r WHERE r.event_id = events.id AND r.user_id = ${viewerId})`,
  placesTaken: sql<number>`(SELECT COALESCE(SUM(1 + r.guests), 0) FROM event_rsvps r WHERE r.event_id = events.id AND r.status = 'going')`,
});
type ListRow = { event: EventRow; myStatus: string | null; placesTaken: number };
const listItem = (r: ListRow) => ({
  ...toEventDto(r.event),
  myStatus: r.myStatus,
  placesTaken: r.placesTaken,
  placesLeft: r.event.capacity === null ? null : Math.max(0, r.event.capacity - r.placesTaken),
});
const cursorOf = (r: ListRow) => `${r.event.startsAt}.${r.event.id}`;

/** A community's calendar, by start (then id), paged by that pair. Cancelled events stay, marked. */
export function listEvents(db: DbLike, p: { communityId: number; viewerId: string; from: number; to?: number; cursor?: string; limit: number; order?: Order }) {
  const rows = db
    .select(listColumns(p.viewerId))
    .from(events)
    .where(and(eq(events.communityId, p.communityId), windowWhere(p)))
    .orderBy(...byStart(p.order))
    .limit(p.limit + 1)
    .all();
  return toPage(rows, p.limit, cursorOf, listItem);
}

/** The caller's events across their communities (or one of them): one query, IN over their communities. */
export function myEvents(db: DbLike, p: { userId: string; communityId?: number; from: number; to?: number; cursor?: string; limit: number; order?: Order }) {
  const mine = db
    .select({ communityId: memberships.communityId })
    .from(memberships)
    .where(and(eq(memberships.userId, p.userId), p.communityId === undefined ? undefined : eq(memberships.communityId, p.communityId)))
    .all()
    .map((m) => m.communityId);
  if (!mine.length) return { items: [], nextCursor: null };
  const rows = db
    .select({ ...listColumns(p.userId), communityName: sql<string>`(SELECT c.name FROM communities c WHERE c.id = events.community_id)` })
    .from(events)
    .where(and(inArray(events.communityId, mine), windowWhere(p)))
    .orderBy(...byStart(p.order))
    .limit(p.limit + 1)
    .all();
  return toPage(rows, p.limit, cursorOf, (r) => ({ ...listItem(r), communityName: r.communityName }));
}

/**
 * A public community's public events not yet over, for anyone: what its public page lists. No
 * online link (members only) and nobody's answer; a private or hidden community has none to show.
 */
export function publicEvents(db: DbLike, p: { communityId: number; now: number; cursor?: string; limit: number }) {
  const community = db.select({ isPublic: communities.isPublic, isHidden: communities.isHidden }).from(communities).where(eq(communities.id, p.communityId)).get();
  if (!community || !community.isPublic || community.isHidden) throw notFound('validation.community.notFound');
  const rows = db
    .select()
    .from(events)
    .where(and(eq(events.communityId, p.communityId), eq(events.visibility, 'public'), eq(events.status, 'scheduled'), windowWhere({ from: p.now, cursor: p.cursor })))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(p.limit + 1)
    .all();
  return toPage(rows, p.limit, (r) => `${r.startsAt}.${r.id}`, (r) => ({
    id: r.id,
    title: r.title,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    timeZone: r.timeZone,
    place: r.place,
    online: r.onlineUrl !== null,
    seriesId: r.seriesId,
  }));
}

/** Every event row (each occurrence counts), for the staff overview. */
export const countEvents = (db: DbLike) => db.select({ n: count() }).from(events).get()!.n;

import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { eventAttendance, eventRsvps, events, memberships, type EventRow, type RsvpRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { RsvpAnswer, RsvpStatus } from '@shared/events/rules';
import { conflict, DomainError, fieldError } from '../errors';
import { toCsv, type Cell } from '../../exports/table';
import { translator } from '../../i18n';
import type { Language } from '@shared/i18n/languages';
import { dateInZone } from '@shared/njangi/schedule';
import { eventOf } from './events';
import { noticeTo, type EventNotice } from './notices';
import { prepared } from '../prepared';

/*
 * Answers and places. Capacity counts people going plus their guests. "Going" that does not fit
 * becomes "waitlisted", queued by the time it joined the list; whenever places free up (someone
 * leaves, brings fewer guests, or the host raises the capacity) the waiting answers that fit are
 * promoted in queue order, in the same transaction, and told. Every check-and-write runs inside
 * one IMMEDIATE transaction: SQLite lets one writer in at a time, so two requests for the last
 * place cannot both see it free.
 */

/** `guests` or `note` left out keep what the person answered before (an answer from a list sends neither). */
type Answer = { status: RsvpAnswer; guests: number | undefined; note: string | null | undefined };

/** Places taken: going people and their guests (optionally leaving one person's answer out). */
export function placesTaken(db: DbLike, eventId: number, exceptUserId?: string): number {
  const except = exceptUserId === undefined ? sql`` : sql`AND user_id <> ${exceptUserId}`;
  return db.all<{ n: number }>(sql`SELECT COALESCE(SUM(1 + guests), 0) AS n FROM event_rsvps WHERE event_id = ${eventId} AND status = 'going' ${except}`)[0]!.n;
}

/** Promotes the waiting answers that fit, first in the queue first; tells each promoted person. */
export function promoteWaitlisted(tx: DbLike, event: EventRow, now: number): EventNotice[] {
  const waiting = tx
    .select()
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.status, 'waitlisted')))
    .orderBy(asc(eventRsvps.waitlistedAt), asc(eventRsvps.id))
    .all();
  if (!waiting.length) return [];
  let taken = placesTaken(tx, event.id);
  const promoted: string[] = [];
  for (const r of waiting) {
    if (event.capacity !== null && taken + 1 + r.guests > event.capacity) continue;
    const moved = tx
      .update(eventRsvps)
      .set({ status: 'going', waitlistedAt: null, updatedAt: now })
      .where(and(eq(eventRsvps.id, r.id), eq(eventRsvps.status, 'waitlisted')))
      .run().changes;
    if (!moved) continue;
    taken += 1 + r.guests;
    promoted.push(r.userId);
  }
  return noticeTo(tx, promoted, { key: 'eventPromoted', event, now });
}

export type RsvpResult = {
  eventId: number;
  status: RsvpStatus;
  guests: number;
  note: string | null;
  /** 1 for the first in the queue; null when not waitlisted. */
  waitlistPosition: number | null;
  /** Null when the event has no capacity. */
  placesLeft: number | null;
};

function waitlistPosition(db: DbLike, rsvp: RsvpRow): number | null {
  if (rsvp.status !== 'waitlisted') return null;
  return db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM event_rsvps WHERE event_id = ${rsvp.eventId} AND status = 'waitlisted'
    AND (waitlisted_at < ${rsvp.waitlistedAt} OR (waitlisted_at = ${rsvp.waitlistedAt} AND id <= ${rsvp.id}))`)[0]!.n;
}

export function rsvpResult(db: DbLike, event: EventRow, rsvp: RsvpRow): RsvpResult {
  return {
    eventId: event.id,
    status: rsvp.status,
    guests: rsvp.guests,
    note: rsvp.note,
    waitlistPosition: waitlistPosition(db, rsvp),
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - placesTaken(db, event.id)),
  };
}

/** Answers must go to an event still ahead (or under way) that is not cancelled. */
function answerable(event: EventRow, now: number) {
  if (event.status === 'cancelled') throw conflict('errors.events.cancelled');
  if (event.endsAt <= now) throw conflict('errors.events.ended');
}

/**
 * One person's answer to one occurrence, inside the caller's transaction. Returns the stored
 * answer and whoever it let in from the waiting list.
 */
function answerOne(db: DB, p: { event: EventRow; userId: string; answer: Answer; addedBy: string | null; now: number }): { rsvp: RsvpRow; notices: EventNotice[] } {
  const { event, userId, answer, now } = p;
  answerable(event, now);
  const q = answerQueries(db);
  const existing = q.existing.get({ eventId: event.id, userId });
  const guests = answer.guests ?? existing?.guests ?? 0;
  let status: RsvpStatus = answer.status;
  let waitlistedAt: number | null = null;
  if (answer.status === 'going' && event.capacity !== null) {
    const free = event.capacity - placesTaken(db, event.id, userId);
    const need = 1 + guests;
    if (need > free) {
      // Someone already going keeps their place: bringing more guests than fit is refused, not queued.
      if (existing?.status === 'going') throw new DomainError('conflict', 'errors.events.guestsDontFit', [{ path: ['guests'], message: 'errors.events.guestsDontFit' }], undefined, { free: Math.max(0, free - 1) });
      status = 'waitlisted';
      // Already waiting: keep one's place in the queue.
      waitlistedAt = existing?.status === 'waitlisted' && existing.waitlistedAt !== null ? existing.waitlistedAt : now;
    }
  }
  const note = answer.note === undefined ? (existing?.note ?? null) : answer.note;
  const rsvp = q.upsert.get({ eventId: event.id, userId, createdAt: now, status, guests, note, waitlistedAt, addedBy: p.addedBy, updatedAt: now })!;
  // Leaving, or coming with fewer guests, frees places for those waiting.
  const freed = existing?.status === 'going' && (status !== 'going' || guests < existing.guests);
  const notices = freed ? promoteWaitlisted(db, event, now) : [];
  return { rsvp, notices };
}

/**
 * Every answer runs these: prepared once (prepared.ts), run on `db` inside the caller's
 * transaction. On a second answer the stored row takes every new value but its creation time.
 */
const answerQueries = (db: DB) =>
  prepared(db, 'events.answer', (d) => {
    const ph = sql.placeholder;
    return {
      existing: d.select().from(eventRsvps).where(and(eq(eventRsvps.eventId, ph('eventId')), eq(eventRsvps.userId, ph('userId')))).prepare(),
      upsert: d
        .insert(eventRsvps)
        .values({
          eventId: ph('eventId'),
          userId: ph('userId'),
          createdAt: ph('createdAt'),
          status: ph('status'),
          guests: ph('guests'),
          note: ph('note'),
          waitlistedAt: ph('waitlistedAt'),
          addedBy: ph('addedBy'),
          updatedAt: ph('updatedAt'),
        })
        .onConflictDoUpdate({
          target: [eventRsvps.eventId, eventRsvps.userId],
          set: {
            status: sql`excluded.status`,
            guests: sql`excluded.guests`,
            note: sql`excluded.note`,
            waitlistedAt: sql`excluded.waitlisted_at`,
            addedBy: sql`excluded.added_by`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning()
        .prepare(),
    };
  });

const IMMEDIATE = { behavior: 'immediate' } as const;

/**
 * The caller's answer: to this occurrence, or (scope 'series') to this and every later occurrence
 * of its series that is still ahead and not cancelled; each occurrence counts its own places, so
 * some may be going and others waitlisted.
 */
export function answerEvent(db: DB, p: { eventId: number; userId: string; answer: Answer; scope: 'one' | 'series'; now: number }) {
  return db.transaction((tx) => {
    const event = eventOf(db, p.eventId);
    const first = answerOne(db, { event, userId: p.userId, answer: p.answer, addedBy: null, now: p.now });
    const notices = [...first.notices];
    const series: Record<RsvpStatus, number> = { going: 0, maybe: 0, not_going: 0, waitlisted: 0 };
    series[first.rsvp.status] += 1;
    let skipped = 0;
    if (p.scope === 'series' && event.seriesId !== null) {
      const later = tx
        .select()
        .from(events)
        .where(and(eq(events.seriesId, event.seriesId), gte(events.startsAt, event.startsAt), eq(events.status, 'scheduled'), sql`${events.id} <> ${event.id}`, sql`${events.endsAt} > ${p.now}`))
        .orderBy(asc(events.startsAt))
        .all();
      for (const e of later) {
        try {
          const r = answerOne(db, { event: e, userId: p.userId, answer: p.answer, addedBy: null, now: p.now });
          series[r.rsvp.status] += 1;
          notices.push(...r.notices);
        } catch (error) {
          // An occurrence where one's extra guests do not fit keeps its earlier answer.
          if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
          skipped += 1;
        }
      }
    }
    return { rsvp: rsvpResult(tx, event, first.rsvp), series: p.scope === 'series' ? { ...series, skipped } : null, notices };
  }, IMMEDIATE);
}

const isMember = (db: DbLike, communityId: number, userId: string) =>
  !!db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId))).get();

/** A host records the answer a member gave offline (same places and waiting list). */
export function hostAnswer(db: DB, p: { eventId: number; hostId: string; userId: string; answer: Answer; now: number }) {
  return db.transaction((tx) => {
    const event = eventOf(tx, p.eventId);
    if (!isMember(tx, event.communityId, p.userId)) throw fieldError('invalid', 'userId', 'errors.events.notAMember');
    const r = answerOne(db, { event, userId: p.userId, answer: p.answer, addedBy: p.hostId, now: p.now });
    return { rsvp: { ...rsvpResult(tx, event, r.rsvp), userId: p.userId }, notices: r.notices };
  }, IMMEDIATE);
}

/** Counts for an event: what members see (never who). */
export function rsvpCounts(db: DbLike, event: Pick<EventRow, 'id' | 'capacity'>) {
  const rows = db.all<{ status: RsvpStatus; people: number; guests: number }>(
    sql`SELECT status, COUNT(*) AS people, COALESCE(SUM(guests), 0) AS guests FROM event_rsvps WHERE event_id = ${event.id} GROUP BY status`,
  );
  const of = (s: RsvpStatus) => rows.find((r) => r.status === s) ?? { people: 0, guests: 0 };
  const going = of('going');
  const placesTaken = going.people + going.guests;
  return {
    going: going.people,
    goingGuests: going.guests,
    maybe: of('maybe').people,
    notGoing: of('not_going').people,
    waitlisted: of('waitlisted').people,
    placesTaken,
    capacity: event.capacity,
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - placesTaken),
  };
}

const STATUS_ORDER = sql`CASE r.status WHEN 'going' THEN 0 WHEN 'waitlisted' THEN 1 WHEN 'maybe' THEN 2 ELSE 3 END`;

/** Everyone who answered (and anyone marked present without answering), for the event's hosts. */
export function attendees(db: DbLike, p: { eventId: number }) {
  const event = eventOf(db, p.eventId);
  const answered = db.all<{
    userId: string;
    firstName: string;
    lastName: string;
    status: RsvpStatus;
    guests: number;
    note: string | null;
    waitlistedAt: number | null;
    addedBy: string | null;
    answeredAt: number;
    attended: number | null;
  }>(sql`SELECT r.user_id AS userId, u.first_name AS firstName, u.last_name AS lastName, r.status, r.guests, r.note, r.waitlisted_at AS waitlistedAt,
      r.added_by AS addedBy, r.updated_at AS answeredAt, a.attended
    FROM event_rsvps r JOIN users u ON u.id = r.user_id
    LEFT JOIN event_attendance a ON a.event_id = r.event_id AND a.user_id = r.user_id
    WHERE r.event_id = ${event.id}
    ORDER BY ${STATUS_ORDER}, COALESCE(r.waitlisted_at, r.created_at), r.id`);
  const walkIns = db.all<{ userId: string; firstName: string; lastName: string; attended: number }>(sql`SELECT a.user_id AS userId, u.first_name AS firstName, u.last_name AS lastName, a.attended
    FROM event_attendance a JOIN users u ON u.id = a.user_id
    WHERE a.event_id = ${event.id} AND NOT EXISTS (SELECT 1 FROM event_rsvps r WHERE r.event_id = a.event_id AND r.user_id = a.user_id)
    ORDER BY u.first_name, u.last_name`);
  let position = 0;
  const list = [
    ...answered.map((r) => ({
      userId: r.userId,
      name: `${r.firstName} ${r.lastName}`,
      status: r.status as RsvpStatus | null,
      guests: r.guests,
      note: r.note,
      waitlistPosition: r.status === 'waitlisted' ? (position += 1) : null,
      addedByHost: r.addedBy !== null && r.addedBy !== r.userId,
      answeredAt: r.answeredAt as number | null,
      attended: r.attended === null ? null : r.attended === 1,
    })),
    ...walkIns.map((w) => ({ userId: w.userId, name: `${w.firstName} ${w.lastName}`, status: null, guests: 0, note: null, waitlistPosition: null, addedByHost: false, answeredAt: null, attended: w.attended === 1 })),
  ];
  const attendedCount = list.filter((a) => a.attended === true).length;
  return { eventId: event.id, title: event.title, startsAt: event.startsAt, counts: { ...rsvpCounts(db, event), attended: attendedCount }, attendees: list };
}

/**
 * The attendee list as CSV, for the hosts (a spreadsheet of who comes, with guests and notes): the
 * answers and attendance in words of the requester's language, when each was given in the event's
 * own time zone.
 */
export function attendeesCsv(db: DbLike, p: { eventId: number; language: Language }): { filename: string; csv: string } {
  const a = attendees(db, p);
  const { timeZone } = eventOf(db, p.eventId);
  const t = translator(p.language);
  const STATUS = { going: t('event.status.going'), maybe: t('event.status.maybe'), not_going: t('event.status.notGoing'), waitlisted: t('event.status.waitlisted') } as const;
  const time = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  const table = {
    filename: `event-${a.eventId}-attendees`,
    tables: [
      {
        title: a.title,
        columns: [
          { header: t('event.attendees.csv.name'), kind: 'text' as const },
          { header: t('event.attendees.csv.status'), kind: 'text' as const },
          { header: t('event.attendees.csv.guests'), kind: 'integer' as const },
          { header: t('event.attendees.csv.places'), kind: 'integer' as const },
          { header: t('event.attendees.csv.position'), kind: 'integer' as const },
          { header: t('event.attendees.csv.note'), kind: 'text' as const },
          { header: t('event.attendees.csv.answeredOn'), kind: 'date' as const },
          { header: t('event.attendees.csv.answeredAt'), kind: 'text' as const },
          { header: t('event.attendees.csv.attended'), kind: 'text' as const },
        ],
        rows: a.attendees.map((r): Cell[] => [
          r.name,
          r.status ? STATUS[r.status as keyof typeof STATUS] : t('event.attendees.csv.noAnswer'),
          r.guests,
          r.status === 'going' ? 1 + r.guests : 0,
          r.waitlistPosition,
          r.note,
          r.answeredAt === null ? null : dateInZone(r.answeredAt, timeZone),
          r.answeredAt === null ? null : time(r.answeredAt),
          r.attended === null ? null : t(r.attended ? 'event.attendees.came' : 'event.attendees.absent'),
        ]),
      },
    ],
  };
  return { filename: `${table.filename}.csv`, csv: toCsv(table) };
}

/** Hosts mark who came, once the event has started; a member's "Events attended" counts these. */
export function markAttendance(db: DB, p: { eventId: number; hostId: string; entries: { userId: string; attended: boolean }[]; now: number }) {
  return db.transaction((tx) => {
    const event = eventOf(tx, p.eventId);
    if (event.status === 'cancelled') throw conflict('errors.events.cancelled');
    if (event.startsAt > p.now) throw conflict('errors.events.notStarted');
    // The last entry for a person wins.
    const entries = new Map(p.entries.map((e) => [e.userId, e.attended]));
    for (const [userId, attended] of entries) {
      const answered = !!tx.select({ id: eventRsvps.id }).from(eventRsvps).where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, userId))).get();
      if (!answered && !isMember(tx, event.communityId, userId)) throw fieldError('invalid', 'entries', 'errors.events.notAMember');
      tx.insert(eventAttendance)
        .values({ eventId: event.id, userId, attended, markedBy: p.hostId, markedAt: p.now })
        .onConflictDoUpdate({ target: [eventAttendance.eventId, eventAttendance.userId], set: { attended, markedBy: p.hostId, markedAt: p.now } })
        .run();
    }
    return { eventId: event.id, marked: entries.size, attended: tx.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM event_attendance WHERE event_id = ${event.id} AND attended = 1`)[0]!.n };
  });
}

/** The caller's own figures: events attended (as marked by hosts) and upcoming events they are going to. */
export function myEventStats(db: DbLike, p: { userId: string; now: number }) {
  const attended = db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM event_attendance WHERE user_id = ${p.userId} AND attended = 1`)[0]!.n;
  const upcoming = db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM event_rsvps r JOIN events e ON e.id = r.event_id
    WHERE r.user_id = ${p.userId} AND r.status = 'going' AND e.status = 'scheduled' AND e.ends_at > ${p.now}
      AND EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = e.community_id AND m.user_id = r.user_id)`)[0]!.n;
  return { attended, upcomingGoing: upcoming };
}

/** The caller's answer to an event, or null. */
export const myRsvp = (db: DbLike, eventId: number, userId: string) => db.select().from(eventRsvps).where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId))).get() ?? null;

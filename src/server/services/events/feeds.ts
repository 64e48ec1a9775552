import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { calendarTokens, communities, events, memberships, type EventRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { markdownToPlainText } from '@shared/markdown';
import { hashToken } from '../../auth/crypto';
import { notFound } from '../errors';
import { eventOf } from './events';

/*
 * Calendar feeds (iCalendar, RFC 5545). Each occurrence is its own VEVENT with a UID that never
 * changes (event-<id>@<host>) and the row's SEQUENCE, so a calendar app that subscribed replaces
 * its copy after an edit and shows a cancellation as cancelled. Times are written in UTC; the
 * apps show them in their own zone. Online links go only into members' feeds.
 */

const PAST_MS = 90 * 86_400_000;
/** A feed is re-read often; it carries the recent past and what is ahead, bounded. */
const FEED_LIMIT = 1000;

type FeedCtx = { appUrl: string; appName: string };
type Audience = 'member' | 'public';

function calendarOf(name: string, rows: EventRow[], audience: Audience, ctx: FeedCtx): string {
  const host = new URL(ctx.appUrl).hostname;
  const cal = ical({ name, prodId: { company: ctx.appName, product: 'Events', language: 'EN' }, ttl: 3600 });
  for (const e of rows) {
    const online = audience === 'member' ? e.onlineUrl : null;
    // Calendar apps show the description as typed: the Markdown is written out as plain text.
    const description = [markdownToPlainText(e.description), online ?? ''].filter(Boolean).join('\n\n');
    cal.createEvent({
      id: `event-${e.id}@${host}`,
      sequence: e.sequence,
      // The row's last change: the same bytes for the same version, whenever the feed is read.
      stamp: new Date(e.updatedAt),
      created: new Date(e.createdAt),
      lastModified: new Date(e.updatedAt),
      start: new Date(e.startsAt),
      end: new Date(e.endsAt),
      summary: e.title,
      description: description || null,
      location: e.place ?? online,
      url: online,
      status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}

/**
 * One event as an .ics file (members: the guard has checked). An occurrence of a series brings
 * every occurrence of its series, each its own VEVENT (as the feeds write them), so one import
 * adds the whole series with each date's own edits and cancellations.
 */
export function eventIcs(db: DbLike, p: { eventId: number } & FeedCtx) {
  const e = eventOf(db, p.eventId);
  const rows = e.seriesId === null ? [e] : db.select().from(events).where(eq(events.seriesId, e.seriesId)).orderBy(asc(events.startsAt), asc(events.id)).all();
  return { filename: `${e.seriesId === null ? 'event' : 'series'}-${e.id}.ics`, ics: calendarOf(e.title, rows, 'member', p) };
}

/** A public community's public events, for anyone (no online links). Private and hidden communities have no feed. */
export function communityFeed(db: DbLike, p: { communityId: number; now: number } & FeedCtx) {
  const community = db.select().from(communities).where(eq(communities.id, p.communityId)).get();
  if (!community || !community.isPublic || community.isHidden) throw notFound('validation.community.notFound');
  const rows = db
    .select()
    .from(events)
    .where(and(eq(events.communityId, community.id), eq(events.visibility, 'public'), gte(events.startsAt, p.now - PAST_MS)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FEED_LIMIT)
    .all();
  return { filename: `community-${community.id}.ics`, ics: calendarOf(community.name, rows, 'public', p) };
}

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const FEED_NOT_FOUND = 'errors.events.feedNotFound';

/** A member's private feed: every event of every community they belong to. Unknown or revoked tokens do not exist. */
export function memberFeed(db: DbLike, p: { token: string; now: number } & FeedCtx) {
  if (!TOKEN_RE.test(p.token)) throw notFound(FEED_NOT_FOUND);
  const owner = db
    .select({ userId: calendarTokens.userId })
    .from(calendarTokens)
    .where(and(eq(calendarTokens.tokenHash, hashToken(p.token)), isNull(calendarTokens.revokedAt)))
    .get();
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const mine = db.select({ id: memberships.communityId }).from(memberships).where(eq(memberships.userId, owner.userId)).all().map((m) => m.id);
  const rows = mine.length
    ? db
        .select()
        .from(events)
        .where(and(inArray(events.communityId, mine), gte(events.startsAt, p.now - PAST_MS)))
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(FEED_LIMIT)
        .all()
    : [];
  return { filename: 'calendar.ics', ics: calendarOf(p.appName, rows, 'member', p) };
}

/**
 * A new private feed address (any earlier one stops working). The token is shown once, in the
 * URL returned; only its SHA-256 is kept.
 */
export function createCalendarToken(db: DB, p: { userId: string; appUrl: string; now: number }) {
  const token = randomBytes(32).toString('base64url');
  db.transaction((tx) => {
    tx.update(calendarTokens).set({ revokedAt: p.now }).where(and(eq(calendarTokens.userId, p.userId), isNull(calendarTokens.revokedAt))).run();
    tx.insert(calendarTokens).values({ userId: p.userId, tokenHash: hashToken(token), createdAt: p.now }).run();
  });
  return { url: `${p.appUrl}/api/calendar/${token}.ics`, createdAt: p.now };
}

export function revokeCalendarToken(db: DB, p: { userId: string; now: number }) {
  const revoked = db.update(calendarTokens).set({ revokedAt: p.now }).where(and(eq(calendarTokens.userId, p.userId), isNull(calendarTokens.revokedAt))).run().changes;
  return { revoked: revoked > 0 };
}

/** Whether the caller has a live feed address (never the address itself: it was shown once). */
export function calendarTokenStatus(db: DbLike, p: { userId: string }) {
  const live = db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(and(eq(calendarTokens.userId, p.userId), isNull(calendarTokens.revokedAt)))
    .get();
  return { active: !!live, createdAt: live?.createdAt ?? null };
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { meetingProxies } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { IMMEDIATE } from '../../services/polls/polls';
import { conflict, DomainError, fieldError, isUniqueViolation, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { notify } from '../../services/notify';
import { requireRight } from '../standing/standing';
import { isMemberOf, meetingIn, personName, type MeetingFacts } from './meeting-lookup';

/*
 * Proxies: a member in good standing (the right to vote, read from the standing records) gives
 * their vote at one meeting to another member, who may hold at most the community's
 * max_proxies live ones. Given and taken back until the meeting's first vote opens
 * (meetings.proxies_locked_at); each change is one IMMEDIATE transaction whose count and writes
 * are checked together, so two givers racing for a holder's last place cannot both get it.
 */

const meetingLink = (id: number) => `/meetings/${id}`;
const DEFAULT_MAX_PROXIES = 1;

function openForProxies(m: MeetingFacts) {
  if (m.status === 'cancelled') throw conflict('errors.meetingMinutes.cancelled');
  if (m.proxiesLockedAt !== null) throw conflict('errors.meetingMinutes.proxiesLocked');
}

/** A proxy given or taken back: the audit trail, and the holder told once, naming the giver. */
function auditAndTell(tx: DbLike, p: { meeting: MeetingFacts; proxy: { id: number; grantorId: string; holderId: string }; given: boolean; now: number }) {
  const { meeting, proxy } = p;
  recordFinanceAction(tx, { communityId: meeting.communityId, actorId: proxy.grantorId, action: p.given ? 'meetings.proxy.granted' : 'meetings.proxy.revoked', subject: `meeting:${meeting.id}`, details: { proxyId: proxy.id, holderId: proxy.holderId }, now: p.now });
  notify(tx, {
    to: [proxy.holderId],
    key: p.given ? 'meetingMinutes.notice.proxyGiven' : 'meetingMinutes.notice.proxyRevoked',
    params: { name: personName(tx, proxy.grantorId), meeting: meeting.title },
    link: meetingLink(meeting.id),
    once: `meeting-proxy-${p.given ? 'given' : 'revoked'}:${proxy.id}`,
    now: p.now,
  });
}

export const maxProxiesOf = (db: DbLike, communityId: number) =>
  db.get<{ n: number } | undefined>(sql`SELECT max_proxies AS n FROM meeting_settings WHERE community_id = ${communityId}`)?.n ?? DEFAULT_MAX_PROXIES;

export function grantProxy(db: DB, p: { communityId: number; meetingId: number; grantorId: string; holderId: string; now: number }) {
  try {
    return db.transaction((tx) => {
      const meeting = meetingIn(tx, p);
      openForProxies(meeting);
      if (p.holderId === p.grantorId) throw fieldError('invalid', 'holderId', 'errors.meetingMinutes.selfProxy');
      if (!isMemberOf(tx, meeting.communityId, p.holderId)) throw fieldError('invalid', 'holderId', 'errors.meetingMinutes.holderNotMember');
      requireRight(db, { communityId: meeting.communityId, userId: p.grantorId, right: 'vote', now: p.now });
      const mine = tx.select({ id: meetingProxies.id }).from(meetingProxies).where(and(eq(meetingProxies.meetingId, meeting.id), eq(meetingProxies.grantorId, p.grantorId), isNull(meetingProxies.revokedAt))).get();
      if (mine) throw conflict('errors.meetingMinutes.alreadyGiven');
      const max = maxProxiesOf(tx, meeting.communityId);
      const held = tx.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM meeting_proxies WHERE meeting_id = ${meeting.id} AND holder_id = ${p.holderId} AND revoked_at IS NULL`).n;
      if (held >= max) throw new DomainError('conflict', 'errors.meetingMinutes.holderFull', undefined, undefined, { max });
      const row = tx.insert(meetingProxies).values({ meetingId: meeting.id, grantorId: p.grantorId, holderId: p.holderId, createdAt: p.now }).returning().get();
      auditAndTell(tx, { meeting, proxy: row, given: true, now: p.now });
      return { id: row.id, meetingId: meeting.id, holder: { id: p.holderId, name: personName(tx, p.holderId) }, createdAt: row.createdAt };
    }, IMMEDIATE);
  } catch (error) {
    // The live-grantor unique index: a second proxy of the same giver that slipped in.
    if (isUniqueViolation(error)) throw conflict('errors.meetingMinutes.alreadyGiven');
    throw error;
  }
}

/** The giver takes their proxy back, while the meeting's proxies are not yet fixed; the holder is told. */
export function revokeProxy(db: DB, p: { communityId: number; meetingId: number; grantorId: string; now: number }) {
  return db.transaction((tx) => {
    const meeting = meetingIn(tx, p);
    openForProxies(meeting);
    const gone = tx
      .update(meetingProxies)
      .set({ revokedAt: p.now })
      .where(and(eq(meetingProxies.meetingId, meeting.id), eq(meetingProxies.grantorId, p.grantorId), isNull(meetingProxies.revokedAt), sql`(SELECT proxies_locked_at FROM meetings WHERE id = ${meeting.id}) IS NULL`))
      .returning()
      .get();
    if (!gone) throw notFound('errors.meetingMinutes.noProxy');
    auditAndTell(tx, { meeting, proxy: gone, given: false, now: p.now });
    return { id: gone.id, revokedAt: p.now };
  }, IMMEDIATE);
}

type ProxyRow = { id: number; grantorId: string; grantorName: string; holderId: string; holderName: string; createdAt: number };

/**
 * A meeting's live proxies: the officers (meetings.record) read the whole list; a member reads the
 * one they gave and those they hold, nobody else's.
 */
export function listProxies(db: DbLike, p: { communityId: number; meetingId: number; viewerId: string; officer: boolean }) {
  const meeting = meetingIn(db, p);
  const rows = db.all<ProxyRow>(sql`
    SELECT x.id, x.grantor_id AS grantorId, trim(g.first_name || ' ' || g.last_name) AS grantorName,
           x.holder_id AS holderId, trim(h.first_name || ' ' || h.last_name) AS holderName, x.created_at AS createdAt
    FROM meeting_proxies x JOIN users g ON g.id = x.grantor_id JOIN users h ON h.id = x.holder_id
    WHERE x.meeting_id = ${meeting.id} AND x.revoked_at IS NULL
    ORDER BY holderName, x.holder_id, x.id`);
  const view = (r: ProxyRow) => ({ id: r.id, grantor: { id: r.grantorId, name: r.grantorName }, holder: { id: r.holderId, name: r.holderName }, createdAt: r.createdAt });
  const given = rows.find((r) => r.grantorId === p.viewerId);
  return {
    meetingId: meeting.id,
    locked: meeting.proxiesLockedAt !== null,
    lockedAt: meeting.proxiesLockedAt,
    maxProxies: maxProxiesOf(db, meeting.communityId),
    given: given ? view(given) : null,
    held: rows.filter((r) => r.holderId === p.viewerId).map(view),
    all: p.officer ? rows.map(view) : null,
  };
}

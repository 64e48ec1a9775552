import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { notifications } from '../../db/schema';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from './app';
import { as } from './communities';
import { op, type Outcome, type Transport } from './transport';

/** The documented event paths and their procedures, for tests over both transports. */
export const E = {
  list: op('GET', '/api/communities/:id/events', 'events.list', 'query', { params: { id: 'communityId' }, page: true }),
  create: op('POST', '/api/communities/:id/events', 'events.create', 'mutation', { params: { id: 'communityId' }, created: true }),
  get: op('GET', '/api/events/:id', 'events.get', 'query', { params: { id: 'id' } }),
  update: op('PATCH', '/api/events/:id', 'events.update', 'mutation', { params: { id: 'id' } }),
  cancel: op('POST', '/api/events/:id/cancel', 'events.cancel', 'mutation', { params: { id: 'id' } }),
  rsvp: op('POST', '/api/events/:id/rsvp', 'events.rsvp', 'mutation', { params: { id: 'id' } }),
  attendees: op('GET', '/api/events/:id/attendees', 'events.attendees', 'query', { params: { id: 'id' } }),
};

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * A public community with a creator (the host), an admin, a treasurer and two members, a private
 * community the first member also belongs to, and an outsider. The clock starts at
 * 2026-03-02T10:00Z (makeTestApp).
 */
export async function eventWorld(opts: { smtpUrl?: string; env?: Record<string, string> } = {}) {
  const t = makeTestApp({ smtpUrl: opts.smtpUrl, env: opts.env });
  const host = await makeUser(t.db, { firstName: 'Ngozi' });
  const admin = await makeUser(t.db, { firstName: 'Kofi' });
  const treasurer = await makeUser(t.db, { firstName: 'Amina' });
  const amara = await makeUser(t.db, { firstName: 'Amara' });
  const bih = await makeUser(t.db, { firstName: 'Bih', language: 'fr' });
  const outsider = await makeUser(t.db, { firstName: 'Olu' });
  const community = makeCommunity(t.db, { creator: host, name: 'Houston Cameroonians', isPublic: true });
  addMember(t.db, { communityId: community.id, user: admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: amara });
  addMember(t.db, { communityId: community.id, user: bih });
  const privateCommunity = makeCommunity(t.db, { creator: host, name: 'Paris Njangi House', isPublic: false });
  addMember(t.db, { communityId: privateCommunity.id, user: amara });
  const agents = {
    host: await as(t, host),
    admin: await as(t, admin),
    treasurer: await as(t, treasurer),
    amara: await as(t, amara),
    bih: await as(t, bih),
    outsider: await as(t, outsider),
  };
  const users = { host, admin, treasurer, amara, bih, outsider };
  const notes = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .all()
      .map((n) => ({ title: n.title, params: n.params ? JSON.parse(n.params) : null, link: n.link }));
  return { t, users, agents, community, privateCommunity, notes };
}
export type EventWorld = Awaited<ReturnType<typeof eventWorld>>;

/** A valid new event starting `inDays` days from the test clock, for two hours. */
export const newEvent = (t: TestApp, communityId: number, over: Record<string, unknown> = {}) => {
  const startsAt = t.clock.now() + 2 * DAY;
  return { communityId, title: 'Monthly meeting', description: 'Bring **your** ideas.', startsAt, endsAt: startsAt + 2 * HOUR, timeZone: 'America/Chicago', place: '1200 Main St, Houston', ...over };
};

/** A list call's page over either transport: REST's array + X-Next-Cursor, or tRPC's { items, nextCursor } (cursors are "startsAt.id" strings). */
export function pageOf(T: Transport, r: Outcome): { items: any[]; nextCursor: string | null } {
  if (T.name === 'REST') {
    if (!Array.isArray(r.data)) throw new Error(`REST list is not an array: ${JSON.stringify(r.raw)}`);
    return { items: r.data, nextCursor: r.headers.get('x-next-cursor') };
  }
  return r.data;
}

/** A GET answered with a file (ICS or CSV): status, headers and text. */
export async function fetchText(t: TestApp, who: Agent | null, path: string) {
  const res = await t.app.request(path, { headers: who?.cookie ? { cookie: who.cookie } : {} });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export type ParsedEvent = { uid: string; sequence: number; summary: string; status: string | null; start: number; end: number; location: string | null; url: string | null; description: string | null };

/** An iCalendar text parsed by ical.js (an independent reader, not the library that wrote it). */
export function parseIcs(text: string): ParsedEvent[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      sequence: e.sequence,
      summary: e.summary,
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
      start: e.startDate.toJSDate().getTime(),
      end: e.endDate.toJSDate().getTime(),
      location: e.location ?? null,
      url: (v.getFirstPropertyValue('url') as string | null) ?? null,
      description: e.description ?? null,
    };
  });
}

/** A received email's raw text with quoted-printable undone (soft breaks joined, =XX bytes read as UTF-8). */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.slice(1).split('=').map((h) => parseInt(h, 16))).toString('utf8'));
}

/** Intl's spacing varies with the ICU version (narrow no-break spaces before AM/PM): compare with plain spaces. */
export const plain = (s: string) => s.replace(/\s/g, ' ');

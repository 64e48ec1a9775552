import type { UserRow } from '../../db/schema';
import { hashToken } from '../../src/server/auth/crypto';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createPoll } from '../../src/server/services/polls/polls';
import { createTopic, postReply } from '../../src/server/services/discussions/topics';
import { createEvent } from '../../src/server/services/events/events';
import { answerEvent } from '../../src/server/services/events/rsvps';
import { sendMessageNow } from '../../src/server/services/chat/messages';
import { createEventInput } from '../../src/shared/schemas/events';
import { makeNotification, makeUser } from '../factories';
import { generalOf } from './chat';
import { seedBooks } from './finances';
import { imageOf, makeTestApp, type TestApp } from './app';
import { seedAnnouncement, seedCategory } from './announcements';
import { as, cast } from './communities';
import { dbHash } from './hardening-db';
import { confirmPayment, declarePayment } from '../../src/server/services/finances/payments';
import { seedCircle } from './njangi';
import { seedSavings } from './savings-seed';
import { seedWelfare } from './welfare-seed';

/*
 * A small seeded installation for the hardening tests: one public and one private community
 * (creator, admin, treasurer, members, a pending request), an announcement, a category, a
 * notification, savings circles in every state in the public one (organised by its creator; see
 * seedCircle), a poll, an election, a discussion, open books, an event, a chat message, a welfare
 * fund's cases and levies and a savings group's cycle, entries and loan (the authorization matrix's
 * fixtures: welfare-seed.ts, savings-seed.ts), and a superadmin. `member`, `creator` and `superadmin` are signed in through
 * POST /api/auth/login; their cookies are kept alive across fuzzing that may end them.
 */
export type Persona = 'anonymous' | 'member' | 'creator' | 'superadmin';
export const PERSONAS: readonly Persona[] = ['anonymous', 'member', 'creator', 'superadmin'];

export type World = Awaited<ReturnType<typeof makeWorld>>;

export async function makeWorld(opts: Parameters<typeof makeTestApp>[0] = {}) {
  const t = makeTestApp(opts);
  const c = await cast(t);
  const superadmin = await makeUser(t.db, { role: 'superadmin', firstName: 'Sade' });
  const announcement = seedAnnouncement(t, { community: c.pub, author: c.users.creator });
  const category = seedCategory(t, { community: c.pub });
  makeNotification(t.db, { userId: c.users.member.id, title: 'Hello', message: 'A notification to mark read.', now: t.clock.now() });
  const notificationId = t.db.$client.prepare('SELECT max(id) FROM notifications').pluck().get() as number;
  const u = c.users;
  const circle = seedCircle(t, { community: c.pub, cast: { organiser: u.creator, beneficiary: u.treasurer, asked: u.member, acceptor: u.admin, swapper: u.target, officer: u.treasurer }, now: t.clock.now() });
  // A poll open to every member with live results, and an election taking nominations (public community, by its creator).
  const pollBase = { description: '', closesAt: t.clock.now() + 3 * 86_400_000, anonymous: false, resultsVisibility: 'live' as const, eligibility: 'all' as const };
  const community = { id: c.pub.id, name: c.pub.name };
  const poll = createPoll(t.db, { community, createdBy: u.creator.id, input: { ...pollBase, kind: 'single', title: 'Where shall we meet?', options: ['Hall', 'Park'] }, now: t.clock.now() });
  const election = createPoll(t.db, { community, createdBy: u.creator.id, input: { ...pollBase, kind: 'election', title: 'Chair', seats: 1 }, now: t.clock.now() });
  // A discussion topic by the creator with a reply of theirs (public community).
  const creatorName = { id: u.creator.id, name: `${u.creator.firstName} ${u.creator.lastName}` };
  const topic = createTopic(t.db, { community, author: creatorName, input: { title: 'Hall for the gala', body: 'Who knows a hall?', category: 'Events' }, now: t.clock.now() });
  const reply = postReply(t.db, { topicId: topic.id, community, author: creatorName, canModerate: true, body: 'The church hall.', now: t.clock.now() });
  // Open books (a pending and a confirmed payment, a pending and an approved expense: tests/setup/finances.ts),
  // an event the member answered, and a message of the member's in the public community's #general.
  const books = seedBooks(t, { community: c.pub, officer: u.treasurer, approver: u.admin, member: u.member });
  const { communityId: _, ...eventInput } = createEventInput.parse({ communityId: c.pub.id, title: 'Gala night', startsAt: t.clock.now() + 7 * 86_400_000, endsAt: t.clock.now() + 7 * 86_400_000 + 3 * 3_600_000, timeZone: 'Africa/Douala', capacity: 50 });
  const event = (createEvent(t.db, { community, createdBy: u.creator.id, input: eventInput, now: t.clock.now() }) as { id: number }).id;
  answerEvent(t.db, { eventId: event, userId: u.member.id, answer: { status: 'going', guests: 1, note: 'Bringing my cousin' }, scope: 'one', now: t.clock.now() });
  // The welfare fund's cases and levies and the savings group's cycle, entries and loan in every
  // state a procedure acts on (the authorization matrix's fixtures), so fuzzed ids reach real rows.
  // The target, whose cases they are, paid the dues of the year first: in arrears, no case of theirs opens.
  const dues = declarePayment(t.db, { communityId: c.pub.id, memberId: u.target.id, details: { amount: 24_000, purpose: 'dues', method: 'cash' }, now: t.clock.now() }).id;
  confirmPayment(t.db, { communityId: c.pub.id, paymentId: dues, accountId: books.account, actorId: u.treasurer.id, now: t.clock.now() });
  const welfare = seedWelfare(t, { community: c.pub, officer: u.creator, member: u.member, target: u.target, outsider: u.outsider });
  const savings = seedSavings(t, { community: c.pub, creator: u.creator, admin: u.admin, treasurer: u.treasurer, member: u.member, target: u.target, outsider: u.outsider });
  const general = generalOf(t, c.pub.id);
  const message = sendMessageNow(t.db, { user: u.member, input: { conversationId: general, body: 'Hello @everyone, the hall is booked.' }, now: t.clock.now() }).id;
  const signedIn: Record<Exclude<Persona, 'anonymous'>, UserRow> = { member: c.users.member, creator: c.users.creator, superadmin };
  const cookies: Partial<Record<Persona, string>> = {};
  for (const p of ['member', 'creator', 'superadmin'] as const) cookies[p] = (await as(t, signedIn[p])).cookie!;
  // What the seeding queued leaves now, so the tests' "nothing was written" checks see only their own call.
  await t.flushMail();
  return {
    t,
    /** The database as seeded (sessions included), the cookies that sign in to it and its clock: for worldCopy(). */
    seeded: { image: imageOf(t), cookies: { ...cookies }, now: t.clock.now(), opts },
    ...c,
    superadmin,
    signedIn,
    cookies,
    ids: {
      pub: c.pub.id,
      priv: c.priv.id,
      announcement: announcement.id,
      category: category.id,
      notification: notificationId,
      poll: poll.id,
      pollOption: poll.options[0]!.id,
      election: election.id,
      topic: topic.id,
      reply: reply.id,
      payment: books.payment,
      expense: books.pendingExpense,
      entry: books.entry,
      account: books.account,
      event,
      conversation: general,
      message,
    },
    circle,
    welfare,
    savings,
    /** The hash right after seeding: a world whose hash moved has been written to. */
    baseline: dbHash(t.db),
  };
}

/**
 * The same world on a new app over a copy of its database as first seeded, signed in with the
 * personas' first cookies: what makeWorld() would build again, for about a millisecond.
 */
export function worldCopy(w: World): World {
  const t = makeTestApp({ ...w.seeded.opts, image: w.seeded.image, now: w.seeded.now });
  return { ...w, t, cookies: { ...w.seeded.cookies } };
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** The persona's cookie header, signing in again when fuzzing ended the session (logout, role change…). */
export async function cookieFor(w: World, p: Persona): Promise<string | null> {
  if (p === 'anonymous') return null;
  const current = w.cookies[p]!;
  const alive = w.t.db.$client.prepare('SELECT 1 FROM sessions WHERE id = ?').pluck().get(hashToken(tokenOf(current)));
  if (alive) return current;
  const user = w.signedIn[p];
  try {
    w.cookies[p] = (await as(w.t, user)).cookie!;
  } catch {
    // Throttled by fuzzed sign-ins with this email, or the fuzz reset this user's password:
    // a session straight from the service keeps the persona usable.
    const { token } = createSession(w.t.db, user.id, w.t.clock.now());
    w.cookies[p] = `${SESSION_COOKIE}=${token}`;
  }
  return w.cookies[p]!;
}

/** Values a fuzzer should try often because they reach past "not found": the seeded rows. */
export function seededValues(w: World): unknown[] {
  return [
    w.ids.pub,
    w.ids.priv,
    String(w.ids.pub),
    w.ids.announcement,
    w.ids.category,
    w.ids.notification,
    w.users.member.id,
    w.users.creator.id,
    w.users.target.id,
    w.superadmin.id,
    w.users.member.email,
    w.users.requester.id,
    'Harambee#2026',
    w.circle.active,
    w.circle.recruiting,
    w.circle.nextRound,
    w.circle.auctionRound,
    w.circle.pendingContribution,
    w.circle.payout,
    w.circle.requestedSwap,
    w.circle.fine,
    w.circle.handOf(w.users.member.id),
    w.ids.poll,
    w.ids.pollOption,
    w.ids.election,
    w.ids.topic,
    w.ids.reply,
    w.ids.payment,
    w.ids.expense,
    w.ids.entry,
    w.ids.account,
    w.ids.event,
    w.ids.conversation,
    w.ids.message,
    w.welfare.fund,
    w.welfare.approvedCase,
    w.welfare.paidCase,
    w.welfare.memberLevy,
    w.welfare.memberDependant,
    w.savings.group,
    w.savings.cycle,
    w.savings.meeting,
    w.savings.pendingEntry,
    w.savings.loan,
  ];
}

export type RawRequest = { method: string; headers?: Record<string, string>; body?: BodyInit | null };

/**
 * One raw request to the app, from a given client address (the login throttle counts per
 * address, so fuzzing does not lock out the personas' own sign-ins).
 */
export async function send(t: TestApp, path: string, init: RawRequest, ip = '203.0.113.9') {
  const res = await t.app.request(path, { method: init.method, headers: init.headers, body: init.body ?? undefined }, {
    incoming: { socket: { remoteAddress: ip } },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

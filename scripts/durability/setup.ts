// The starting database of a durability run, built with the test factories and the services
// before the server starts (no argon2 round trips over HTTP): writers with sessions, each leading
// a "home" community where the others are members (so its announcements notify them), and a pool
// of public communities owned by someone else that the writers join and leave. Each home also
// has what the writers of the newer domains act on: open books with a cash box, an event, an open
// poll, its #general channel and a running savings circle its creator organises (holding most of
// the hands, so there are thousands of (round, hand) slots to record contributions in; every
// other writer holds one hand and declares its own contributions), a welfare fund whose levy every
// other writer owes and a savings group they are all members of (money-seed.ts).
import { createSession } from '../../src/server/auth/session';
import { openDatabase, type DB } from '../../db/database';
import { createEvent } from '../../src/server/services/events/events';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { createCircle } from '../../src/server/services/njangi/circles';
import { decideJoin, joinCircle } from '../../src/server/services/njangi/membership';
import { startCircle } from '../../src/server/services/njangi/start';
import { createPoll } from '../../src/server/services/polls/polls';
import { createEventInput } from '../../src/shared/schemas/events';
import { createPollInput } from '../../src/shared/schemas/polls';
import { MAX_HANDS } from '../../src/shared/njangi/rules';
import type { UserRow } from '../../db/schema';
import { addMember, makeCommunity, makeUser } from '../../tests/factories';
import { seedMoneyHome, type MoneyHome } from './money-seed';

/** What a home community holds for the writers (ids of rows made here; its welfare fund and savings group: money-seed.ts). */
export type Home = MoneyHome & {
  communityId: number;
  /** The cash box of its books. */
  account: number;
  event: number;
  poll: number;
  pollOptions: number[];
  /** Its #general channel. */
  general: number;
  circle: number;
  /** The circle's rounds, in order. */
  rounds: number[];
  /** The organiser's (the home's creator's) hands. */
  organiserHands: number[];
  /** userId -> the one hand each other writer holds. */
  handOf: Record<string, number>;
};
export type WriterSeed = { userId: string; token: string; home: number };
export type Seed = { writers: WriterSeed[]; pool: number[]; homes: Home[] };

const DAY = 86_400_000;

export async function seedDatabase(dbPath: string, p: { writers: number; pool: number }): Promise<Seed> {
  const db = openDatabase(dbPath);
  try {
    const now = Date.now();
    const owner = await makeUser(db, { firstName: 'Pool', lastName: 'Owner' });
    const pool = Array.from({ length: p.pool }, (_, i) =>
      makeCommunity(db, { creator: owner, name: `Durability pool ${i + 1}`, isPublic: true }).id,
    );
    const users: UserRow[] = [];
    for (let i = 0; i < p.writers; i += 1) users.push(await makeUser(db, { firstName: 'Writer', lastName: `Number${i + 1}` }));
    const homes = users.map((u, i) => makeCommunity(db, { creator: u, name: `Durability home ${i + 1}`, isPublic: true }));
    const writers = users.map((u, i) => ({
      userId: u.id,
      // A session straight in the database: the server accepts it as if the writer had signed in.
      token: createSession(db, u.id, now).token,
      home: homes[i]!.id,
    }));
    for (const w of writers) {
      for (const other of users) if (other.id !== w.userId) addMember(db, { communityId: w.home, user: other });
    }
    const homeSeeds = homes.map((community, i) =>
      seedHome(db, { community, organiserId: users[i]!.id, others: users.filter((_, j) => j !== i).map((u) => u.id), now }),
    );
    return { writers, pool, homes: homeSeeds };
  } finally {
    db.$client.close();
  }
}

function seedHome(db: DB, p: { community: { id: number; name: string }; organiserId: string; others: string[]; now: number }): Home {
  const { community, organiserId, now } = p;
  saveFinanceSettings(db, { communityId: community.id, actorId: organiserId, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
  const account = listAccounts(db, community.id)[0]!.id;

  const { communityId: _e, ...eventInput } = createEventInput.parse({
    communityId: community.id,
    title: 'Durability gathering',
    startsAt: now + 30 * DAY,
    endsAt: now + 30 * DAY + 3 * 3_600_000,
    timeZone: 'Africa/Douala',
  });
  const event = createEvent(db, { community, createdBy: organiserId, input: eventInput, now });
  const eventId = (event as { id: number }).id;

  const { communityId: _p, ...pollInput } = createPollInput.parse({
    communityId: community.id,
    kind: 'single',
    title: 'Durability question',
    options: ['Red', 'Green', 'Blue'],
    closesAt: now + 20 * DAY,
  });
  const poll = createPoll(db, { community, createdBy: organiserId, input: pollInput, now });

  const general = db.$client.prepare("SELECT id FROM conversations WHERE community_id = ? AND kind = 'channel' AND is_default = 1").pluck().get(community.id) as number;

  // A weekly circle of 60 hands: the organiser holds all but one per other writer.
  const organiserHands = MAX_HANDS - p.others.length;
  const today = new Date(now).toISOString().slice(0, 10);
  const circle = createCircle(db, {
    communityId: community.id,
    organiserId,
    circle: {
      name: 'Durability njangi',
      description: '',
      currency: 'XAF',
      contribution: 5000,
      frequency: 'weekly',
      // Tomorrow in UTC is today or later in Douala: never in the past.
      startDate: new Date(Date.parse(today) + DAY).toISOString().slice(0, 10),
      timeZone: 'Africa/Douala',
      hands: MAX_HANDS,
      maxHandsPerMember: organiserHands,
      payoutMethod: 'fixed',
      orderBy: 'organiser',
      graceDays: 0,
      fineKind: 'none',
      fineValue: 0,
      deposit: 0,
      feeBps: 0,
    } as Parameters<typeof createCircle>[1]['circle'],
    now,
  });
  joinCircle(db, { circleId: circle.id, userId: organiserId, hands: organiserHands, now });
  p.others.forEach((userId, i) => {
    joinCircle(db, { circleId: circle.id, userId, hands: 1, now: now + i + 1 });
    decideJoin(db, { circleId: circle.id, organiserId, userId, approve: true, now: now + i + 1 });
  });
  startCircle(db, { circleId: circle.id, organiserId, now: now + p.others.length + 1 });
  const sql = db.$client;
  const hands = sql.prepare('SELECT id, user_id AS userId FROM circle_hands WHERE circle_id = ? ORDER BY hand_no').all(circle.id) as { id: number; userId: string }[];
  const handOf: Record<string, number> = {};
  for (const h of hands) if (h.userId !== organiserId) handOf[h.userId] = h.id;
  return {
    ...seedMoneyHome(db, { community, organiserId, members: p.others, timeZone: 'Africa/Douala', label: 'Durability', now }),
    communityId: community.id,
    account,
    event: eventId,
    poll: poll.id,
    pollOptions: poll.options.map((o: { id: number }) => o.id),
    general,
    circle: circle.id,
    rounds: sql.prepare('SELECT id FROM circle_rounds WHERE circle_id = ? ORDER BY number').pluck().all(circle.id) as number[],
    organiserHands: hands.filter((h) => h.userId === organiserId).map((h) => h.id),
    handOf,
  };
}

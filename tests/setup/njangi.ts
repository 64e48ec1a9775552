import type { CommunityRow, UserRow } from '../../db/schema';
import { createCircle, type NewCircle } from '../../src/server/services/njangi/circles';
import { declareContribution, officerConfirmContribution, recordContribution } from '../../src/server/services/njangi/contributions';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { decideJoin, joinCircle, pickPosition } from '../../src/server/services/njangi/membership';
import { officerRecordPayout, recordPayout } from '../../src/server/services/njangi/payouts';
import { DomainError } from '../../src/server/services/errors';
import { startCircle } from '../../src/server/services/njangi/start';
import { acceptSwap, requestSwap } from '../../src/server/services/njangi/swaps';
import { addMember, makeCommunity, makeUser } from '../factories';
import { lateCircle } from './njangi-late';
import type { Agent, TestApp } from './app';
import { as } from './communities';
import { op, type Op } from './transport';

/*
 * Savings-circle helpers for the API tests: every njangi.* operation with its REST path (or
 * tRPC only), circles built through the services (setup, not the behaviour under test), and
 * `seedCircle`, one circle in each state an operation acts on, for the authorization matrices.
 */

const byId = { params: { id: 'id' } };

/** The operations with a REST path: either transport. */
export const NJ = {
  create: op('POST', '/api/communities/:id/circles', 'njangi.create', 'mutation', { params: { id: 'communityId' }, created: true }),
  list: op('GET', '/api/communities/:id/circles', 'njangi.list', 'query', { params: { id: 'communityId' }, page: true }),
  get: op('GET', '/api/circles/:id', 'njangi.get', 'query', byId),
  join: op('POST', '/api/circles/:id/join', 'njangi.join', 'mutation', byId),
  start: op('POST', '/api/circles/:id/start', 'njangi.start', 'mutation', byId),
  declare: op('POST', '/api/circles/:id/contributions', 'njangi.declareContribution', 'mutation', { ...byId, created: true }),
  confirm: op('POST', '/api/contributions/:id/confirm', 'njangi.confirmContribution', 'mutation', byId),
  reject: op('POST', '/api/contributions/:id/reject', 'njangi.rejectContribution', 'mutation', byId),
  bid: op('POST', '/api/rounds/:id/bids', 'njangi.bid', 'mutation', { ...byId, created: true }),
  payout: op('POST', '/api/rounds/:id/payout', 'njangi.recordPayout', 'mutation', { ...byId, created: true }),
  receipt: op('POST', '/api/payouts/:id/confirm-receipt', 'njangi.confirmReceipt', 'mutation', byId),
  recordTopUp: op('POST', '/api/top-ups/:id/record', 'njangi.recordTopUp', 'mutation', byId),
  confirmTopUp: op('POST', '/api/top-ups/:id/confirm-receipt', 'njangi.confirmTopUp', 'mutation', byId),
  officerConfirm: op('POST', '/api/contributions/:id/officer-confirm', 'njangi.officerConfirmContribution', 'mutation', byId),
  officerReject: op('POST', '/api/contributions/:id/officer-reject', 'njangi.officerRejectContribution', 'mutation', byId),
  officerPayout: op('POST', '/api/rounds/:id/officer-payout', 'njangi.officerRecordPayout', 'mutation', { ...byId, created: true }),
  officerRecordTopUp: op('POST', '/api/top-ups/:id/officer-record', 'njangi.officerRecordTopUp', 'mutation', byId),
  requestSwap: op('POST', '/api/circles/:id/swaps', 'njangi.requestSwap', 'mutation', { ...byId, created: true }),
  acceptSwap: op('POST', '/api/swaps/:id/accept', 'njangi.acceptSwap', 'mutation', byId),
  approveSwap: op('POST', '/api/swaps/:id/approve', 'njangi.approveSwap', 'mutation', byId),
  report: op('GET', '/api/circles/:id/report', 'njangi.report', 'query', byId),
} satisfies Record<string, Op>;

/** The operations without a REST path: called over tRPC only. */
export const NJ_TRPC_ONLY = {
  mine: 'njangi.mine',
  myRecord: 'njangi.myRecord',
  leave: 'njangi.leave',
  decideJoin: 'njangi.decideJoin',
  cancel: 'njangi.cancel',
  recordContribution: 'njangi.recordContribution',
  disputePayout: 'njangi.disputePayout',
  declineSwap: 'njangi.declineSwap',
  markFinePaid: 'njangi.markFinePaid',
  waiveFine: 'njangi.waiveFine',
  reportCsv: 'njangi.reportCsv',
  disputeTopUp: 'njangi.disputeTopUp',
  officerMarkFinePaid: 'njangi.officerMarkFinePaid',
  officerWaiveFine: 'njangi.officerWaiveFine',
} as const;

/** The REST path of njangi.reportCsv: a file, not JSON. */
export const REPORT_CSV_PATH = (id: number) => `/api/circles/${id}/report.csv`;

export const DAY = 86_400_000;

/** A circle's rules, with defaults for what a test does not care about. */
export function rules(over: Partial<NewCircle> = {}): NewCircle {
  return {
    name: 'Market Women Njangi',
    description: '',
    currency: 'XAF',
    contribution: 10_000,
    frequency: 'monthly',
    startDate: '2026-03-31',
    timeZone: 'Africa/Douala',
    hands: 4,
    maxHandsPerMember: 1,
    payoutMethod: 'fixed',
    orderBy: 'organiser',
    graceDays: 0,
    fineKind: 'none',
    fineValue: 0,
    deposit: 0,
    feeBps: 0,
    ...over,
  } as NewCircle;
}

export type Person = { user: UserRow; a: Agent };

/**
 * A community (created by `organiser`, who also organises its circles), `n` plain members, its
 * treasurer (`officer`, a finance officer in no circle: decides on the organiser's own money) and
 * optionally a community admin who is not in any circle; each signed in.
 */
export async function circleCommunity(t: TestApp, p: { members: number; isPublic?: boolean; leader?: boolean; names?: string[] }) {
  const person = async (user: UserRow): Promise<Person> => ({ user, a: await as(t, user) });
  const organiser = await person(await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Organiser' }));
  const community = makeCommunity(t.db, { creator: organiser.user, name: 'Bamenda Njangi House', isPublic: p.isPublic ?? true });
  const names = p.names ?? ['Tabe', 'Awa', 'Musa', 'Eyong', 'Fon', 'Kemi', 'Bih', 'Lum'];
  const members: Person[] = [];
  for (let i = 0; i < p.members; i += 1) {
    const user = await makeUser(t.db, { firstName: names[i % names.length]!, lastName: `Member${i + 1}` });
    addMember(t.db, { communityId: community.id, user });
    members.push(await person(user));
  }
  const treasurer = await makeUser(t.db, { firstName: 'Tess', lastName: 'Treasurer' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  const officer = await person(treasurer);
  let leader: Person | undefined;
  if (p.leader) {
    const user = await makeUser(t.db, { firstName: 'Ade', lastName: 'Leader' });
    addMember(t.db, { communityId: community.id, user, role: 'admin' });
    leader = await person(user);
  }
  return { organiser, community, members, officer, leader };
}

/**
 * A circle built through the services: created by `organiser`, joined by `members` (hands each,
 * default 1) and approved, then started unless `start` is false (an order for fixed circles).
 * Returns its id, the hands of each member (in hand-number order) and the rounds' ids.
 */
export function buildCircle(
  t: TestApp,
  p: {
    community: CommunityRow;
    organiser: UserRow;
    members: (UserRow | { user: UserRow; hands: number })[];
    organiserHands?: number;
    rules?: Partial<NewCircle>;
    start?: boolean;
    order?: string[];
    now?: number;
  },
) {
  const now = p.now ?? t.clock.now();
  const joined = p.members.map((m) => ('hands' in m && typeof m.hands === 'number' ? (m as { user: UserRow; hands: number }) : { user: m as UserRow, hands: 1 }));
  const hands = (p.organiserHands ?? 1) + joined.reduce((s, m) => s + m.hands, 0);
  const maxHands = Math.max(p.organiserHands ?? 1, ...joined.map((m) => m.hands));
  const circle = createCircle(t.db, { communityId: p.community.id, organiserId: p.organiser.id, circle: rules({ hands, maxHandsPerMember: maxHands, ...p.rules }), now });
  if ((p.organiserHands ?? 1) !== 1) joinCircle(t.db, { circleId: circle.id, userId: p.organiser.id, hands: p.organiserHands!, now });
  joined.forEach((m, i) => {
    joinCircle(t.db, { circleId: circle.id, userId: m.user.id, hands: m.hands, now: now + i + 1 });
    decideJoin(t.db, { circleId: circle.id, organiserId: p.organiser.id, userId: m.user.id, approve: true, now: now + i + 1 });
  });
  if (p.start !== false) startCircle(t.db, { circleId: circle.id, organiserId: p.organiser.id, order: p.order, now: now + joined.length + 1 });
  return { id: circle.id, ...circleRows(t, circle.id) };
}

/**
 * Cash for one hand, recorded by the organiser (setup, through the services): a member's is
 * confirmed at once; the organiser's own waits for a finance officer, so `officerId` (someone
 * other than the organiser; the services leave the capability to the operation's guard)
 * confirms it.
 */
export function payCash(t: TestApp, p: { circleId: number; roundId: number; handId: number; organiserId: string; officerId: string; now: number }) {
  const row = recordContribution(t.db, { circleId: p.circleId, roundId: p.roundId, handId: p.handId, organiserId: p.organiserId, details: { method: 'cash' }, now: p.now });
  return row.status === 'pending' ? officerConfirmContribution(t.db, { id: row.id, officerId: p.officerId, now: p.now }) : row;
}

/**
 * The round paid out by the organiser (setup, through the services); when its pot goes to the
 * organiser's own hand, `officerId` records it instead, as the rule asks.
 */
export function payOut(t: TestApp, p: { roundId: number; organiserId: string; officerId: string; now: number }) {
  const details = { method: 'cash' as const };
  try {
    return recordPayout(t.db, { roundId: p.roundId, organiserId: p.organiserId, details, now: p.now });
  } catch (e) {
    if (e instanceof DomainError && e.message === 'errors.njangi.ownPayout') return officerRecordPayout(t.db, { roundId: p.roundId, officerId: p.officerId, details, now: p.now });
    throw e;
  }
}

/** A started circle's hands (by user, in hand-number order) and rounds (in order). */
export function circleRows(t: TestApp, circleId: number) {
  const sql = t.db.$client;
  const handRows = sql.prepare('SELECT id, user_id AS userId, hand_no AS handNo, position FROM circle_hands WHERE circle_id = ? ORDER BY hand_no').all(circleId) as {
    id: number;
    userId: string;
    handNo: number;
    position: number | null;
  }[];
  const handsOf: Record<string, number[]> = {};
  for (const h of handRows) (handsOf[h.userId] ??= []).push(h.id);
  const rounds = sql.prepare('SELECT id FROM circle_rounds WHERE circle_id = ? ORDER BY number').pluck().all(circleId) as number[];
  return { handsOf, handRows, rounds };
}

/** Rows of a circle table, snake_case as stored. */
export const circleTable = <T = Record<string, any>>(t: TestApp, table: string, circleId: number) =>
  t.db.$client.prepare(`SELECT * FROM "${table}" WHERE circle_id = ? ORDER BY rowid`).all(circleId) as T[];

/** Every row of every savings-circle table (and the audit chain), to show a refused call changed nothing. */
export function circleSnapshot(t: TestApp): string {
  const tables = t.db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND (name = 'circles' OR name LIKE 'circle\\_%' ESCAPE '\\' OR name = 'finance_audit') ORDER BY name`).pluck().all() as string[];
  return JSON.stringify(tables.map((name) => [name, t.db.$client.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).raw().all()]));
}

export type CircleCast = {
  organiser: UserRow;
  /** Receives round 1 of the running circle: the recorded payout is theirs to confirm or dispute. */
  beneficiary: UserRow;
  /** Asked by `swapper` to trade places (the requested swap). */
  asked: UserRow;
  /** Has accepted a swap with `swapper`; it waits for the organiser (the accepted swap). */
  acceptor: UserRow;
  /** Asks for both swaps, has a contribution waiting for round 2 and a request to join the recruiting circle. */
  swapper: UserRow;
  /**
   * One of the community's finance officers (finances.record), not the organiser: confirms the
   * organiser's own contributions and records what is paid to the organiser's hands.
   */
  officer: UserRow;
  /** More hands of the running circle (none by default). */
  others?: UserRow[];
  /** Extra hands per user in the running and auction circles (default 1 each). */
  hands?: Record<string, number>;
};

export type CircleFixture = ReturnType<typeof seedCircle>;

/**
 * One of everything a savings-circle operation acts on, in `community` (all circles organised
 * by `cast.organiser`, each hand's member a member of the community), with `now` the instant the
 * tests then run at (the test app's clock: 2026-03-02T10:00Z):
 * - `recruiting`: the organiser alone, `swapper` asking to join;
 * - `full`: recruiting with every hand taken (organiser and beneficiary), ready to start on 2026-04-01;
 * - `picking`: recruiting, its members choosing the order, every hand approved, `asked` on position 1;
 * - `active`: a fixed monthly circle started in December with a 500 fine, rounds due on the 5th:
 *   round 1 collected in full and paid to `beneficiary` (recorded, not yet confirmed); round 2
 *   (the next to pay) has the organiser's hand confirmed (by `officer`), `swapper`'s declared and
 *   waiting, the other hands fined after the due date (`fine` is one of them, owed); round 3 is
 *   due 2026-03-05; the organiser receives last.
 *   `requestedSwap` is swapper → asked, `acceptedSwap` swapper → acceptor (accepted);
 * - `auction`: an auction circle of the same hands, started, its first round due 2026-03-20, no bid yet;
 * - `late`: top-ups and what waits for a finance officer (lateCircle).
 */
export function seedCircle(t: TestApp, p: { community: CommunityRow; cast: CircleCast; now: number }) {
  const { organiser, beneficiary, asked, acceptor, swapper } = p.cast;
  const everyone = [...new Set([organiser, beneficiary, asked, acceptor, swapper, ...(p.cast.others ?? [])].map((u) => u.id))];
  const users = new Map([organiser, beneficiary, asked, acceptor, swapper, ...(p.cast.others ?? [])].map((u) => [u.id, u]));
  const handsOf = (id: string) => p.cast.hands?.[id] ?? 1;
  const at = (iso: string) => Date.parse(iso);
  const members = everyone.filter((id) => id !== organiser.id).map((id) => ({ user: users.get(id)!, hands: handsOf(id) }));

  // Recruiting: only the organiser; swapper waits for a decision.
  const recruiting = createCircle(t.db, { communityId: p.community.id, organiserId: organiser.id, circle: rules({ name: 'Recruiting Njangi', hands: 4 }), now: p.now - 3 * DAY }).id;
  joinCircle(t.db, { circleId: recruiting, userId: swapper.id, hands: 1, now: p.now - 2 * DAY });
  // Full: two hands taken, ready to start.
  const full = buildCircle(t, { community: p.community, organiser, members: [beneficiary], rules: { name: 'Ready Njangi', startDate: '2026-04-01' }, start: false, now: p.now - 2 * DAY }).id;
  // Picking: recruiting, its members choose the order; everyone approved, `asked` has picked position 1.
  const picking = buildCircle(t, { community: p.community, organiser, members, rules: { name: 'Picking Njangi', startDate: '2026-04-01', orderBy: 'members' }, start: false, now: p.now - 2 * DAY }).id;
  pickPosition(t.db, { circleId: picking, userId: asked.id, position: 1, now: p.now - DAY });

  // Running: a fixed order with the beneficiary first, then the joining order, the organiser last
  // (a payout to the organiser's own hand is a finance officer's to record, not the organiser's).
  const slots = members.flatMap((m) => Array.from({ length: handsOf(m.user.id) }, () => m.user.id));
  const order = [beneficiary.id, ...slots.filter((_, i) => i !== slots.indexOf(beneficiary.id)), organiser.id];
  const active = buildCircle(t, {
    community: p.community,
    organiser,
    members,
    rules: { name: 'Running Njangi', startDate: '2026-01-05', fineKind: 'fixed', fineValue: 500 },
    order,
    now: at('2025-12-20T09:00:00Z'),
  });
  const allHands = active.handRows;
  // Round 1: every hand paid in cash at the meeting, then the pot went to the beneficiary.
  const paidContributions: Record<string, number> = {};
  const officer = p.cast.officer.id;
  allHands.forEach((h, i) => {
    const row = payCash(t, { circleId: active.id, roundId: active.rounds[0]!, handId: h.id, organiserId: organiser.id, officerId: officer, now: at('2026-01-03T10:00:00Z') + i });
    paidContributions[h.userId] ??= row.id;
  });
  const payout = recordPayout(t.db, { roundId: active.rounds[0]!, organiserId: organiser.id, details: { method: 'cash' }, now: at('2026-01-06T10:00:00Z') }).id;
  // Round 2: the organiser's hand paid, swapper's waits; the others are fined after the due date.
  const first = (id: string) => allHands.find((h) => h.userId === id && h.position !== 1)!.id;
  const confirmedContribution = payCash(t, { circleId: active.id, roundId: active.rounds[1]!, handId: first(organiser.id), organiserId: organiser.id, officerId: officer, now: at('2026-02-01T10:00:00Z') }).id;
  const pendingContribution = declareContribution(t.db, {
    circleId: active.id,
    roundId: active.rounds[1]!,
    handId: first(swapper.id),
    userId: swapper.id,
    details: { method: 'mobile_money', reference: 'MOMO-2-SWAP' },
    now: at('2026-02-01T11:00:00Z'),
  }).id;
  const late = lateCircle(t, { community: p.community, cast: p.cast, members: everyone.filter((id) => id !== organiser.id).map((id) => users.get(id)!) });
  postDueFines(t.db, at('2026-02-10T10:00:00Z'));
  const lateFixture = late.afterFines();
  const fine = t.db.$client.prepare('SELECT id FROM circle_fines WHERE circle_id = ? AND round_id = ? ORDER BY id LIMIT 1').pluck().get(active.id, active.rounds[1]) as number;
  const requestedSwap = requestSwap(t.db, { circleId: active.id, fromHandId: first(swapper.id), toHandId: first(asked.id), userId: swapper.id, now: at('2026-02-15T10:00:00Z') }).id;
  const acceptedSwap = requestSwap(t.db, { circleId: active.id, fromHandId: first(swapper.id), toHandId: first(acceptor.id), userId: swapper.id, now: at('2026-02-15T11:00:00Z') }).id;
  acceptSwap(t.db, { id: acceptedSwap, userId: acceptor.id, now: at('2026-02-16T10:00:00Z') });

  // Auction: the same hands, no bid yet, nobody behind.
  const auction = buildCircle(t, {
    community: p.community,
    organiser,
    members,
    rules: { name: 'Auction Njangi', payoutMethod: 'auction', startDate: '2026-03-20', feeBps: 200 },
    now: p.now - 2 * DAY,
  });

  return {
    recruiting,
    /** Has asked to join `recruiting`. */
    requesterId: swapper.id,
    full,
    /** Recruiting, members pick positions: `asked` holds position 1, position 2 is free. */
    picking,
    active: active.id,
    activeHands: active.handsOf,
    /** Round 1 (paid), round 2 (next to pay), round 3 (due 2026-03-05, nothing in yet). */
    paidRound: active.rounds[0]!,
    nextRound: active.rounds[1]!,
    laterRound: active.rounds[2]!,
    payout,
    /** Each member's first confirmed contribution of round 1 (a numbered receipt). */
    paidContributions,
    pendingContribution,
    confirmedContribution,
    fine,
    requestedSwap,
    acceptedSwap,
    auction: auction.id,
    auctionRound: auction.rounds[0]!,
    auctionHands: auction.handsOf,
    /** Top-ups and the organiser's own money: see lateCircle. */
    late: lateFixture,
    /** A hand of `userId` in the running circle that has not received (else the organiser's). */
    handOf(userId: string | undefined) {
      const own = userId ? active.handsOf[userId] : undefined;
      const free = own?.find((id) => id !== allHands.find((h) => h.position === 1)!.id);
      return free ?? own?.[0] ?? first(organiser.id);
    },
    /** A hand of `userId` in the auction circle (else the organiser's). */
    auctionHandOf(userId: string | undefined) {
      return (userId ? auction.handsOf[userId]?.[0] : undefined) ?? auction.handsOf[organiser.id]![0]!;
    },
  };
}


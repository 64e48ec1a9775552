import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { DomainError } from '../../src/server/services/errors';
import { createCircle } from '../../src/server/services/njangi/circles';
import { circleConservation, conserved, unconservedCircles } from '../../src/server/services/njangi/conservation';
import { confirmContribution, declareContribution, officerConfirmContribution, officerRejectContribution, recordContribution, rejectContribution } from '../../src/server/services/njangi/contributions';
import { markFinePaid, officerMarkFinePaid, officerWaiveFine, postDueFines, waiveFine } from '../../src/server/services/njangi/fines';
import { decideJoin, joinCircle } from '../../src/server/services/njangi/membership';
import { confirmReceipt, disputePayout, officerRecordPayout, placeBid, recordPayout } from '../../src/server/services/njangi/payouts';
import { circleReport } from '../../src/server/services/njangi/report';
import { cancelCircle, startCircle } from '../../src/server/services/njangi/start';
import { acceptSwap, approveSwap, requestSwap } from '../../src/server/services/njangi/swaps';
import { confirmTopUp, disputeTopUp, officerRecordTopUp, recordTopUp } from '../../src/server/services/njangi/topups';
import { FEE_CAP_BPS } from '../../src/shared/njangi/money';
import { addMember, makeCommunity, makeUser } from '../factories';
import { depth } from '../setup/depth';
import { attempt, one } from '../setup/random-steps';

/*
 * Random savings-circle histories driven through the real services over a real (in-memory,
 * migrated) database: fixed, random and auction circles; contributions declared, recorded as cash,
 * confirmed, rejected, on time, late and after their round was paid out; fines posted, paid and
 * waived, some after the last payout; bids, swaps, payouts (the organiser's recorded by an
 * officer), top-ups recorded, confirmed and disputed; time moving on; now and then a cancellation.
 * After EVERY step the circle's money is conserved to the minor unit (conservation.ts: in =
 * payouts + top-ups + shares + fees + held) and the report's totals say the same.
 *
 * The normal suite runs a bounded number of histories, `npm run test:deep` 1,000; PROPERTY_RUNS
 * (any number) runs as many, e.g. `PROPERTY_RUNS=1000 npx vitest run --project unit tests/unit/njangi-conservation.property.test.ts`.
 */

const RUNS = Number(process.env.PROPERTY_RUNS) || depth(40, 1000);
const DAY = 86_400_000;
const START = Date.parse('2026-03-02T10:00:00Z');

let db: DB;
let people: UserRow[];
let treasurer: UserRow;

beforeAll(async () => {
  db = openDatabase(':memory:');
  people = [];
  for (let i = 0; i < 4; i += 1) people.push(await makeUser(db, { firstName: `P${i}` }));
  treasurer = await makeUser(db, { firstName: 'Tess' });
});

type Method = 'fixed' | 'random' | 'auction';
const setupArb = fc.record({
  method: fc.constantFrom<Method>('fixed', 'random', 'auction'),
  // Hands per person, the organiser first: 2 to 4 people, 1 or 2 hands each.
  holdings: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 2, maxLength: 4 }),
  contribution: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 1_000_000 })),
  feeBps: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: FEE_CAP_BPS })),
  fine: fc.oneof(fc.constant({ kind: 'none' as const, value: 0 }), fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 5000 }) }), fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 10_000 }) })),
  graceDays: fc.integer({ min: 0, max: 2 }),
});
/** A step: what to do, and two choices among what is possible then (taken modulo their count). */
const stepArb = fc.record({
  action: fc.integer({ min: 0, max: 99 }),
  pick: fc.nat(),
  other: fc.nat(),
  // Time mostly stands still between steps, sometimes moves a few days (rounds are weekly).
  days: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 }),
});
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

type Ctx = { circleId: number; organiser: UserRow; now: number; log: string[] };

const rows = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params) as T[];


function step(c: Ctx, s: Step) {
  const id = c.circleId;
  const org = c.organiser.id;
  const off = treasurer.id;
  c.now += s.days * DAY + (s.pick % 7) * 3_600_000;
  const now = c.now;
  const hands = rows<{ id: number; user_id: string }>('SELECT id, user_id FROM circle_hands WHERE circle_id = ? ORDER BY id', id);
  const rounds = rows<{ id: number; status: string }>('SELECT id, status FROM circle_rounds WHERE circle_id = ? ORDER BY number', id);
  const hand = one(hands, s.pick);
  // Half the time the round being collected, else any round (earlier ones late, after their payout).
  const round = s.other % 2 === 0 ? (rounds.find((r) => r.status === 'open') ?? one(rounds, s.other)) : one(rounds, s.other >> 1);
  const a = s.action;
  if (a < 10) {
    // A meeting: most hands pay the round being collected (cash or declared, then confirmed); one in eight does not.
    const open = rounds.find((r) => r.status === 'open');
    if (!open) return;
    hands.forEach((h, i) => {
      if (((s.pick >> (i * 3)) & 7) === 0) return;
      const cash = ((s.other >> i) & 1) === 1;
      attempt(c, `meeting: hand ${h.id} round ${open.id}`, () => {
        const row = cash
          ? recordContribution(db, { circleId: id, roundId: open.id, handId: h.id, organiserId: org, details: { method: 'cash' }, now })
          : declareContribution(db, { circleId: id, roundId: open.id, handId: h.id, userId: h.user_id, details: { method: 'mobile_money' }, now });
        if (row.status !== 'pending') return;
        if (row.userId === org) officerConfirmContribution(db, { id: row.id, officerId: off, now });
        else confirmContribution(db, { id: row.id, organiserId: org, now });
      });
    });
  } else if (a < 16) {
    // Arrears: a hand missing from a round already paid out pays it now (a top-up follows), or an owed fine is paid.
    const missing = one(
      rows<{ roundId: number; handId: number; userId: string }>(
        `SELECT r.id AS roundId, h.id AS handId, h.user_id AS userId FROM circle_rounds r JOIN circle_hands h ON h.circle_id = r.circle_id
         WHERE r.circle_id = ? AND r.status = 'paid' AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = r.id AND c.hand_id = h.id AND c.status <> 'rejected') ORDER BY r.id, h.id`,
        id,
      ),
      s.pick,
    );
    if (missing && s.other % 3 !== 0) {
      attempt(c, `arrears: hand ${missing.handId} round ${missing.roundId}`, () => {
        const row = declareContribution(db, { circleId: id, roundId: missing.roundId, handId: missing.handId, userId: missing.userId, details: { method: 'cash' }, now });
        if (missing.userId === org) officerConfirmContribution(db, { id: row.id, officerId: off, now });
        else confirmContribution(db, { id: row.id, organiserId: org, now });
      });
      return;
    }
    const fine = one(rows<{ id: number; user_id: string }>("SELECT id, user_id FROM circle_fines WHERE circle_id = ? AND status = 'owed' ORDER BY id", id), s.other);
    if (fine) attempt(c, `arrears: fine ${fine.id} paid`, () => (fine.user_id === org ? officerMarkFinePaid(db, { id: fine.id, officerId: off, now }) : markFinePaid(db, { id: fine.id, organiserId: org, now })));
  } else if (a < 22 && hand && round) {
    attempt(c, `declare hand ${hand.id} round ${round.id}`, () => declareContribution(db, { circleId: id, roundId: round.id, handId: hand.id, userId: hand.user_id, details: { method: 'mobile_money' }, now }));
  } else if (a < 30 && hand && round) {
    attempt(c, `cash hand ${hand.id} round ${round.id}`, () => recordContribution(db, { circleId: id, roundId: round.id, handId: hand.id, organiserId: org, details: { method: 'cash' }, now }));
  } else if (a < 46) {
    const pending = one(rows<{ id: number; user_id: string }>("SELECT id, user_id FROM circle_contributions WHERE circle_id = ? AND status = 'pending' ORDER BY id", id), s.pick);
    if (!pending) return;
    const own = pending.user_id === org;
    if (s.other % 6 === 0) attempt(c, `reject ${pending.id}`, () => (own ? officerRejectContribution(db, { id: pending.id, officerId: off, reason: 'No', now }) : rejectContribution(db, { id: pending.id, organiserId: org, reason: 'No', now })));
    // Now and then the wrong person tries: refused, and nothing moves.
    else if (s.other % 11 === 1) attempt(c, `organiser confirms own ${pending.id}`, () => confirmContribution(db, { id: pending.id, organiserId: org, now }));
    else attempt(c, `confirm ${pending.id}`, () => (own ? officerConfirmContribution(db, { id: pending.id, officerId: off, now }) : confirmContribution(db, { id: pending.id, organiserId: org, now })));
  } else if (a < 60) {
    const next = rounds.find((r) => r.status === 'open');
    if (!next) return;
    attempt(c, `payout round ${next.id}`, () => {
      try {
        recordPayout(db, { roundId: next.id, organiserId: org, details: { method: 'cash' }, now });
      } catch (e) {
        if (e instanceof DomainError && e.message === 'errors.njangi.ownPayout') officerRecordPayout(db, { roundId: next.id, officerId: off, details: { method: 'cash' }, now });
        else throw e;
      }
    });
  } else if (a < 64) {
    attempt(c, 'fine job', () => postDueFines(db, now));
  } else if (a < 70) {
    const owed = one(rows<{ id: number; user_id: string }>("SELECT id, user_id FROM circle_fines WHERE circle_id = ? AND status = 'owed' ORDER BY id", id), s.pick);
    if (!owed) return;
    const own = owed.user_id === org;
    if (s.other % 3 === 0) attempt(c, `waive fine ${owed.id}`, () => (own ? officerWaiveFine(db, { id: owed.id, officerId: off, reason: 'Let go', now }) : waiveFine(db, { id: owed.id, organiserId: org, reason: 'Let go', now })));
    else attempt(c, `fine paid ${owed.id}`, () => (own ? officerMarkFinePaid(db, { id: owed.id, officerId: off, now }) : markFinePaid(db, { id: owed.id, organiserId: org, now })));
  } else if (a < 80) {
    const next = rounds.find((r) => r.status === 'open');
    if (!next || !hand) return;
    const circle = db.$client.prepare('SELECT hands, contribution, fee_bps AS feeBps FROM circles WHERE id = ?').get(id) as { hands: number; contribution: number; feeBps: number };
    const discount = 1 + (s.other % Math.max(1, Math.floor((circle.hands * circle.contribution) / 2)));
    attempt(c, `bid hand ${hand.id} ${discount}`, () => placeBid(db, { roundId: next.id, handId: hand.id, userId: hand.user_id, discount, now }));
  } else if (a < 83) {
    const to = one(hands, s.other);
    if (!hand || !to || hand.user_id === to.user_id) return;
    attempt(c, `swap ${hand.id} ↔ ${to.id}`, () => {
      const swap = requestSwap(db, { circleId: id, fromHandId: hand.id, toHandId: to.id, userId: hand.user_id, now });
      acceptSwap(db, { id: swap.id, userId: to.user_id, now });
      approveSwap(db, { id: swap.id, userId: org, now });
    });
  } else if (a < 89) {
    const owed = one(rows<{ id: number; beneficiary_id: string }>("SELECT id, beneficiary_id FROM circle_top_ups WHERE circle_id = ? AND status = 'owed' ORDER BY id", id), s.pick);
    if (!owed) return;
    attempt(c, `record top-up ${owed.id}`, () =>
      owed.beneficiary_id === org ? officerRecordTopUp(db, { id: owed.id, officerId: off, details: { method: 'cash' }, now }) : recordTopUp(db, { id: owed.id, organiserId: org, details: { method: 'cash' }, now }),
    );
  } else if (a < 93) {
    const paid = one(rows<{ id: number; beneficiary_id: string }>("SELECT id, beneficiary_id FROM circle_top_ups WHERE circle_id = ? AND status IN ('recorded', 'disputed') ORDER BY id", id), s.pick);
    if (!paid) return;
    if (s.other % 4 === 0) attempt(c, `dispute top-up ${paid.id}`, () => disputeTopUp(db, { id: paid.id, userId: paid.beneficiary_id, reason: 'Not seen', now }));
    else attempt(c, `confirm top-up ${paid.id}`, () => confirmTopUp(db, { id: paid.id, userId: paid.beneficiary_id, now }));
  } else if (a < 98) {
    const payout = one(rows<{ id: number; beneficiary_id: string }>("SELECT id, beneficiary_id FROM circle_payouts WHERE circle_id = ? AND status IN ('recorded', 'disputed') ORDER BY id", id), s.pick);
    if (!payout) return;
    if (s.other % 4 === 0) attempt(c, `dispute payout ${payout.id}`, () => disputePayout(db, { id: payout.id, userId: payout.beneficiary_id, reason: 'Not seen', now }));
    else attempt(c, `confirm payout ${payout.id}`, () => confirmReceipt(db, { id: payout.id, userId: payout.beneficiary_id, now }));
  } else if (a === 99 && s.other % 4 === 0) {
    attempt(c, 'cancel', () => cancelCircle(db, { circleId: id, organiserId: org, reason: 'Stopped', now }));
  }
}

/** The circle's money is conserved, and its report's totals say the same. */
function check(c: Ctx) {
  const sums = circleConservation(db, c.circleId);
  expect(conserved(sums), `${JSON.stringify(sums)}\n${c.log.join('\n')}`).toBe(true);
  const t = circleReport(db, { circleId: c.circleId, viewerId: c.organiser.id }).totals;
  expect(t.collected + t.finesPaid, c.log.join('\n')).toBe(t.paidOut + t.topUps + t.shared + t.fees + t.held);
  expect(t.collected).toBe(sums.contributions);
  expect(t.held).toBe(sums.carry + sums.openRounds + sums.finesWaiting);
}

function history(setup: Setup, steps: Step[]) {
  const [organiser, ...members] = people.slice(0, setup.holdings.length) as [UserRow, ...UserRow[]];
  const community = makeCommunity(db, { creator: organiser });
  for (const m of members) addMember(db, { communityId: community.id, user: m });
  addMember(db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  const hands = setup.holdings.reduce((s, n) => s + n, 0);
  const circle = createCircle(db, {
    communityId: community.id,
    organiserId: organiser.id,
    circle: {
      name: 'Property Njangi',
      description: '',
      currency: 'XAF',
      contribution: setup.contribution,
      frequency: 'weekly',
      startDate: '2026-03-02',
      timeZone: 'Africa/Douala',
      hands,
      maxHandsPerMember: 2,
      payoutMethod: setup.method,
      orderBy: 'organiser',
      graceDays: setup.graceDays,
      fineKind: setup.fine.kind,
      fineValue: setup.fine.value,
      deposit: 0,
      feeBps: setup.feeBps,
    },
    now: START,
  });
  if (setup.holdings[0] !== 1) joinCircle(db, { circleId: circle.id, userId: organiser.id, hands: setup.holdings[0]!, now: START });
  members.forEach((m, i) => {
    joinCircle(db, { circleId: circle.id, userId: m.id, hands: setup.holdings[i + 1]!, now: START });
    decideJoin(db, { circleId: circle.id, organiserId: organiser.id, userId: m.id, approve: true, now: START });
  });
  startCircle(db, { circleId: circle.id, organiserId: organiser.id, now: START });
  const c: Ctx = { circleId: circle.id, organiser, now: START, log: [] };
  check(c);
  for (const s of steps) {
    step(c, s);
    check(c);
  }
  return c;
}

describe('savings-circle money over random histories (property, real services and database)', () => {
  it(`is conserved after every step, for every method (${RUNS} histories)`, () => {
    fc.assert(
      fc.property(setupArb, fc.array(stepArb, { minLength: 20, maxLength: 120 }), (setup, steps) => {
        history(setup, steps);
      }),
      { numRuns: RUNS },
    );
    // And npm run finances:verify's check finds nothing wrong in any of the circles made.
    expect(unconservedCircles(db)).toEqual([]);
  }, 600_000);

  it('covers late confirmations after a payout, top-ups and fines paid after the last payout', () => {
    // A history that reaches each on purpose: round 1 paid short, its missing hand confirmed late,
    // the top-up recorded and confirmed; every round paid; a fine paid once the circle is complete.
    const c = history({ method: 'fixed', holdings: [1, 1], contribution: 1000, feeBps: 500, fine: { kind: 'fixed', value: 100 }, graceDays: 0 }, []);
    const [h1, h2] = rows<{ id: number; user_id: string }>('SELECT id, user_id FROM circle_hands WHERE circle_id = ? ORDER BY position', c.circleId);
    const [r1, r2] = rows<{ id: number }>('SELECT id FROM circle_rounds WHERE circle_id = ? ORDER BY number', c.circleId);
    const pay = (round: number, h: { id: number; user_id: string }) => declareContribution(db, { circleId: c.circleId, roundId: round, handId: h.id, userId: h.user_id, details: { method: 'cash' }, now: c.now });
    const decide = (row: { id: number; userId: string }) => (row.userId === c.organiser.id ? officerConfirmContribution(db, { id: row.id, officerId: treasurer.id, now: c.now }) : confirmContribution(db, { id: row.id, organiserId: c.organiser.id, now: c.now }));
    decide(pay(r1!.id, h1!));
    // The second hand has paid nothing by the due date: fined; it pays after the payout.
    c.now += 2 * DAY;
    postDueFines(db, c.now);
    expect(rows('SELECT id FROM circle_fines WHERE circle_id = ?', c.circleId)).toHaveLength(1);
    const payOut = (roundId: number) => {
      try {
        recordPayout(db, { roundId, organiserId: c.organiser.id, details: { method: 'cash' }, now: c.now });
      } catch {
        officerRecordPayout(db, { roundId, officerId: treasurer.id, details: { method: 'cash' }, now: c.now });
      }
    };
    payOut(r1!.id);
    check(c);
    const late = pay(r1!.id, h2!);
    decide(late);
    check(c);
    const [topUp] = rows<{ id: number; beneficiary_id: string }>('SELECT id, beneficiary_id FROM circle_top_ups WHERE circle_id = ?', c.circleId);
    expect(topUp).toBeDefined();
    decide(pay(r2!.id, h1!));
    decide(pay(r2!.id, h2!));
    payOut(r2!.id);
    check(c);
    const fine = rows<{ id: number; user_id: string }>("SELECT id, user_id FROM circle_fines WHERE circle_id = ? AND status = 'owed'", c.circleId)[0]!;
    if (fine.user_id === c.organiser.id) officerMarkFinePaid(db, { id: fine.id, officerId: treasurer.id, now: c.now });
    else markFinePaid(db, { id: fine.id, organiserId: c.organiser.id, now: c.now });
    check(c);
    expect(rows('SELECT id FROM circle_top_ups WHERE circle_id = ?', c.circleId)).toHaveLength(2);
  });
});

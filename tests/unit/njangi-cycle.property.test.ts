import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyDraw } from '../../src/shared/njangi/draw-browser';
import { FEE_CAP_BPS, lateFine, organiserFee, settleRound, winningBid } from '../../src/shared/njangi/money';
import type { LateFineRule } from '../../src/shared/njangi/money';
import { FREQUENCIES, addDays, dateInZone, dueDates, endOfDateInZone, isValidDate, startOfDateInZone, weekdayOf } from '../../src/shared/njangi/schedule';
import { drawOrderFromSeed, newSeed, seedCommitment } from '../../src/server/services/njangi/draw-seed';
import { depth } from '../setup/depth';

/*
 * Whole savings circles, simulated from start to end with random members, hands, methods, bids and
 * late payments: every hand is paid out once and the money balances to the minor unit, round by
 * round and over the cycle. And the calendar underneath: due dates, and days in zones across DST.
 *
 * `npm test` runs each property on a sample (new cases every run); `npm run test:deep` runs the
 * full numbers and walks every day of the calendar test instead of its DST days and a sample.
 */

const HOUR = 3_600_000;
/** These run thousands of cases: room for a busy machine beyond vitest's 5 s default. */
const SLOW = 60_000;

/** A small deterministic PRNG (mulberry32), seeded by fast-check, for the many choices inside a simulated cycle. */
function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

/* Calendar oracles that do not use Date, to check the module against. */
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const ymd = (s: string) => s.split('-').map(Number) as [number, number, number];
/** Days since 0000-03-01 (proleptic Gregorian), by counting: an independent day number. */
function dayNumber(s: string): number {
  let [y, m, d] = ymd(s);
  if (m < 3) y -= 1;
  const mp = (m + 9) % 12;
  return 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + Math.floor((153 * mp + 2) / 5) + d - 1;
}
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

type Method = 'fixed' | 'random' | 'auction';
const FINE_RULES: LateFineRule[] = [{ kind: 'none' }, { kind: 'fixed', amount: 250 }, { kind: 'percent', bps: 1_000 }, { kind: 'percent', bps: 333 }];

const circleArb = fc
  .integer({ min: 1, max: 60 })
  .chain((hands) =>
    fc.record({
      handIds: fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: hands, maxLength: hands }),
      holdings: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: hands, maxLength: hands }),
      method: fc.constantFrom<Method>('fixed', 'random', 'auction'),
      contribution: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10 ** 12 })),
      feeBps: fc.oneof(fc.constantFrom(0, 500), fc.integer({ min: 0, max: FEE_CAP_BPS })),
      fineRule: fc.constantFrom(...FINE_RULES),
      permutationKeys: fc.array(fc.double({ noNaN: true }), { minLength: hands, maxLength: hands }),
      seed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
      rngSeed: fc.integer(),
    }),
  );
type Circle = typeof circleArb extends fc.Arbitrary<infer C> ? C : never;

/** Runs one whole cycle and checks it round by round; returns the payout order for the draw checks. */
function simulate(c: Circle): number[] {
  const rand = prng(c.rngSeed);
  const H = c.handIds.length;
  // Members hold 1–3 consecutive hands of the list.
  const memberOf = new Map<number, number>();
  for (let i = 0, member = 0; i < H; member += 1) {
    for (let k = 0; k < c.holdings[member]! && i < H; k += 1, i += 1) memberOf.set(c.handIds[i]!, member);
  }

  let order: number[] = [];
  if (c.method === 'fixed') order = c.handIds.map((id, i) => ({ id, key: c.permutationKeys[i]! })).sort((a, b) => a.key - b.key || a.id - b.id).map((x) => x.id);
  if (c.method === 'random') order = drawOrderFromSeed(c.handIds, c.seed);

  const received = new Set<number>();
  const recipients: number[] = [];
  const net = new Map(c.handIds.map((id) => [id, 0])); // what each hand got minus what it paid
  let carry = 0;
  let bidId = 0;
  const totals = { contributions: 0, fines: 0, fees: 0, payouts: 0, shares: 0 };
  for (let round = 1; round <= H; round += 1) {
    const lastRound = round === H;
    const pot = H * c.contribution;
    const fee = organiserFee(pot, c.feeBps);
    const eligible = new Set(c.handIds.filter((id) => !received.has(id)));
    let beneficiary: number;
    let discount = 0;
    if (c.method !== 'auction') {
      beneficiary = order[round - 1]!;
    } else if (lastRound) {
      expect(eligible.size).toBe(1);
      beneficiary = [...eligible][0]!;
    } else {
      // Random bids from random hands, paid out or not; discounts up to the pot after the fee, with ties.
      const bids = Array.from({ length: rand(6) }, () => ({
        id: (bidId += 1),
        handId: c.handIds[rand(H)]!,
        discount: rand(3) === 0 ? pot - fee : rand(4) * Math.floor((pot - fee) / 4),
        createdAt: rand(5),
      }));
      const win = winningBid(bids, eligible);
      const valid = bids.filter((b) => eligible.has(b.handId));
      if (win === null) {
        expect(valid).toEqual([]);
        // No eligible bid: the simulation gives the round to the lowest waiting hand at no discount.
        beneficiary = Math.min(...eligible);
      } else {
        expect(eligible.has(win.handId)).toBe(true);
        for (const b of valid) {
          expect(b.discount < win.discount || (b.discount === win.discount && (b.createdAt > win.createdAt || (b.createdAt === win.createdAt && b.id >= win.id)))).toBe(true);
        }
        beneficiary = win.handId;
        discount = win.discount;
      }
    }
    expect(eligible.has(beneficiary)).toBe(true);

    const lateHands = c.handIds.filter(() => rand(8) === 0);
    const fineOf = lateFine(c.contribution, c.fineRule);
    const fines = lateHands.length * fineOf;
    const r = settleRound({ hands: H, contribution: c.contribution, feeBps: c.feeBps, fines, discount, carryIn: carry, lastRound });

    // The round balances to the minor unit, and the fee stays within the cap.
    expect(r.pot).toBe(pot);
    expect(r.pot + fines + carry - r.fee).toBe(r.payout + r.sharedTotal + r.carryOut);
    expect(r.sharedTotal).toBe(r.share * (H - 1));
    expect(r.fee * 10_000).toBeLessThanOrEqual(r.pot * FEE_CAP_BPS);
    expect(r.payout).toBeGreaterThanOrEqual(0);
    for (const v of Object.values(r)) expect(Number.isSafeInteger(v)).toBe(true);
    if (lastRound) expect(r.carryOut).toBe(0);

    for (const id of c.handIds) {
      let delta = -c.contribution;
      if (lateHands.includes(id)) delta -= fineOf;
      delta += id === beneficiary ? r.payout : r.share;
      net.set(id, net.get(id)! + delta);
    }
    totals.contributions += pot;
    totals.fines += fines;
    totals.fees += r.fee;
    totals.payouts += r.payout;
    totals.shares += r.sharedTotal;
    carry = r.carryOut;
    received.add(beneficiary);
    recipients.push(beneficiary);
  }

  // Each hand received exactly once, so each member as many times as the hands it holds.
  expect([...recipients].sort((a, b) => a - b)).toEqual([...c.handIds].sort((a, b) => a - b));
  const perMember = new Map<number, number>();
  for (const id of recipients) perMember.set(memberOf.get(id)!, (perMember.get(memberOf.get(id)!) ?? 0) + 1);
  for (const [member, n] of perMember) expect(n).toBe(c.handIds.filter((id) => memberOf.get(id) === member).length);
  if (c.method !== 'auction') expect(recipients).toEqual(order);

  // Over the cycle: everything collected is paid out (to beneficiaries, as shares, or as fees); nothing is carried.
  expect(carry).toBe(0);
  expect(totals.contributions).toBe(H * H * c.contribution);
  expect(totals.contributions + totals.fines - totals.fees).toBe(totals.payouts + totals.shares);
  expect([...net.values()].reduce((a, b) => a + b, 0) + totals.fees).toBe(0);
  return recipients;
}

describe('njangi cycle (property)', () => {
  it('pays every hand exactly once and balances to the minor unit, for every method', () => {
    fc.assert(
      fc.property(circleArb, (c) => {
        simulate(c);
      }),
      { numRuns: depth(100, 600) },
    );
  }, SLOW);

  it('covers 1 and 60 hands and every method', () => {
    for (const hands of [1, 2, 60]) {
      for (const method of ['fixed', 'random', 'auction'] as const) {
        for (let seed = 1; seed <= 5; seed += 1) {
          const rand = prng(seed * 7919 + hands);
          simulate({
            handIds: Array.from({ length: hands }, (_, i) => (i + 1) * 3),
            holdings: Array.from({ length: hands }, () => 1 + rand(3)),
            method,
            contribution: 1 + rand(10 ** 9),
            feeBps: rand(501),
            fineRule: FINE_RULES[rand(FINE_RULES.length)]!,
            permutationKeys: Array.from({ length: hands }, () => rand(1000)),
            seed: newSeed(),
            rngSeed: seed,
          });
        }
      }
    }
  }, SLOW);

  it('draws a permutation that the browser verifies from the revealed seed; another seed or a tampered order fails', async () => {
    await fc.assert(
      fc.asyncProperty(circleArb, fc.uint8Array({ minLength: 32, maxLength: 32 }), async (c, otherBytes) => {
        const order = simulate({ ...c, method: 'random' });
        const commitment = seedCommitment(c.seed);
        expect(await verifyDraw(c.seed, commitment, c.handIds, order)).toEqual({ commitmentMatches: true, orderMatches: true, order });

        const other = Buffer.from(otherBytes).toString('hex');
        fc.pre(other !== c.seed);
        const withOther = await verifyDraw(other, commitment, c.handIds, order);
        expect(withOther.commitmentMatches).toBe(false);
        expect(withOther.order).toEqual(drawOrderFromSeed(c.handIds, other));

        if (order.length >= 2) {
          const i = (c.rngSeed >>> 0) % order.length;
          const j = (i + 1) % order.length;
          const tampered = [...order];
          [tampered[i], tampered[j]] = [tampered[j]!, tampered[i]!];
          expect(await verifyDraw(c.seed, commitment, c.handIds, tampered)).toMatchObject({ commitmentMatches: true, orderMatches: false });
        }
        expect(await verifyDraw(c.seed, commitment, c.handIds, [...order, order[0]!])).toMatchObject({ orderMatches: false });
      }),
      { numRuns: depth(40, 150) },
    );
  }, SLOW);
});

/** A valid date, biased to the ends of months (29, 30, 31) and to leap years, where monthly schedules go wrong. */
const dateArb = fc
  .record({ y: fc.oneof(fc.integer({ min: 1600, max: 2400 }), fc.constantFrom(1900, 2000, 2023, 2024, 2100)), m: fc.integer({ min: 1, max: 12 }), end: fc.boolean(), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, end, d }) => `${pad(y, 4)}-${pad(m)}-${pad(end ? monthLength(y, m) : Math.min(d, monthLength(y, m)))}`);

describe('njangi schedule (property)', () => {
  it('due dates strictly increase: weekly and biweekly by exactly 7 and 14 days, monthly on min(anchor day, month length)', () => {
    fc.assert(
      fc.property(dateArb, fc.constantFrom(...FREQUENCIES), fc.integer({ min: 1, max: 60 }), (start, frequency, count) => {
        const dates = dueDates(start, frequency, count);
        expect(dates).toHaveLength(count);
        expect(dates[0]).toBe(start);
        const [y0, m0, anchor] = ymd(start);
        dates.forEach((date, i) => {
          expect(isValidDate(date)).toBe(true);
          if (i > 0) expect(date > dates[i - 1]!).toBe(true);
          if (frequency === 'monthly') {
            const [y, m, d] = ymd(date);
            expect((y - y0) * 12 + (m - m0)).toBe(i);
            expect(d).toBe(Math.min(anchor, monthLength(y, m)));
          } else {
            const step = frequency === 'weekly' ? 7 : 14;
            if (i > 0) expect(dayNumber(date) - dayNumber(dates[i - 1]!)).toBe(step);
            expect(weekdayOf(date)).toBe(weekdayOf(start));
          }
        });
      }),
      { numRuns: depth(250, 1_500) },
    );
  }, SLOW);

  it('adds days as counting days does, and back', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -3_000, max: 3_000 }), (date, n) => {
        const later = addDays(date, n);
        expect(isValidDate(later)).toBe(true);
        expect(dayNumber(later) - dayNumber(date)).toBe(n);
        expect(addDays(later, -n)).toBe(date);
        expect(weekdayOf(later)).toBe((((weekdayOf(date) + n) % 7) + 7) % 7);
      }),
      { numRuns: 3_000 },
    );
  }, SLOW);
});

const ZONES = ['America/New_York', 'America/Chicago', 'Europe/Paris', 'America/Toronto', 'Africa/Douala', 'Australia/Lord_Howe', 'America/Santiago'];
const DAY_HOURS = [23, 23.5, 24, 24.5, 25];

/** Checks one date in one zone; returns the day's length in hours and whether it began at local midnight. */
function checkDay(date: string, zone: string): { hours: number; midnight: boolean } {
  const start = startOfDateInZone(date, zone);
  const end = endOfDateInZone(date, zone);
  expect(start).toBeLessThan(end);
  expect(dateInZone(start, zone)).toBe(date);
  expect(dateInZone(start - 1, zone)).toBe(addDays(date, -1));
  expect(dateInZone(end, zone)).toBe(date);
  expect(dateInZone(end + 1, zone)).toBe(addDays(date, 1));
  const hours = (end + 1 - start) / HOUR;
  expect(DAY_HOURS, `${date} in ${zone} lasts ${hours} h`).toContain(hours);
  const wall = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).format(start);
  return { hours, midnight: wall === '00:00:00' };
}

/** The zone's offset from UTC at `t` in minutes, read from Intl alone (an oracle independent of the schedule module). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetAt(zone: string, t: number): number {
  let f = offsetFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, x.value]));
  return (Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(t / 1000) * 1000) / 60_000;
}
const localDate = (zone: string, t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);

/**
 * The local dates around every change of the zone's offset between two instants: the day of the
 * change and the days either side. Found by stepping a week at a time and halving the step where
 * the offset moved (no zone changes twice in a week).
 */
function dstDays(zone: string, from: number, to: number): string[] {
  const days = new Set<string>();
  const WEEK = 7 * 24 * HOUR;
  for (let t = from; t < to; t += WEEK) {
    let lo = t;
    let hi = Math.min(t + WEEK, to);
    if (offsetAt(zone, lo) === offsetAt(zone, hi)) continue;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offsetAt(zone, mid) === offsetAt(zone, lo)) lo = mid;
      else hi = mid;
    }
    const day = localDate(zone, hi);
    for (const d of [addDays(day, -1), day, addDays(day, 1)]) days.add(d);
  }
  return [...days];
}

/** Every day from `first` to `last` under `npm run test:deep`; in `npm test` the DST days and `sample` random others. */
function daysToCheck(zone: string, first: string, last: string, sample: number): string[] {
  const all: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) all.push(date);
  if (depth(false, true)) return all;
  const picked = new Set(dstDays(zone, Date.parse(`${first}T00:00:00Z`) - 2 * 24 * HOUR, Date.parse(`${last}T23:59:59Z`) + 2 * 24 * HOUR).filter((d) => d >= first && d <= last));
  for (let i = 0; i < sample; i += 1) picked.add(all[Math.floor(Math.random() * all.length)]!);
  return [...picked].sort();
}

describe('njangi days in time zones (property)', () => {
  it('every DST day of 2023–2026 and a sample of the others (every day under test:deep) in each zone starts and ends where its date does, and lasts 23 to 25 hours', () => {
    const lengths = new Map<string, Set<number>>();
    let skippedMidnights = 0;
    for (const zone of ZONES) {
      const seen = new Set<number>();
      for (const date of daysToCheck(zone, '2023-01-01', '2026-12-31', 60)) {
        const { hours, midnight } = checkDay(date, zone);
        seen.add(hours);
        if (!midnight) {
          expect(zone).toBe('America/Santiago');
          skippedMidnights += 1;
        }
      }
      lengths.set(zone, seen);
    }
    expect([...lengths.get('Africa/Douala')!]).toEqual([24]);
    for (const zone of ['America/New_York', 'America/Chicago', 'Europe/Paris', 'America/Toronto', 'America/Santiago']) expect([...lengths.get(zone)!].sort()).toEqual([23, 24, 25]);
    expect([...lengths.get('Australia/Lord_Howe')!].sort()).toEqual([23.5, 24, 24.5]);
    // Santiago skips midnight each September: 2023, 2024, 2025, 2026.
    expect(skippedMidnights).toBe(4);
  }, SLOW);

  it('finds the DST days it samples by itself: two a year in zones with DST, none in Douala', () => {
    const from = Date.parse('2023-01-01T00:00:00Z');
    const to = Date.parse('2027-01-01T00:00:00Z');
    expect(dstDays('Africa/Douala', from, to)).toEqual([]);
    // Each change brings its day and the days either side: 8 changes in four years.
    for (const zone of ZONES.filter((z) => z !== 'Africa/Douala')) expect(dstDays(zone, from, to), zone).toHaveLength(8 * 3);
    expect(dstDays('Europe/Paris', from, to)).toContain('2024-03-31');
    expect(dstDays('America/New_York', from, to)).toContain('2025-11-02');
  });

  it('holds for random dates from 1995 to 2060', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: dayNumber('1995-01-01'), max: dayNumber('2060-12-31') }),
        (zone, n) => {
          checkDay(addDays('1995-01-01', n - dayNumber('1995-01-01')), zone);
        },
      ),
      { numRuns: depth(400, 3_000) },
    );
  }, SLOW);
});

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import type { CommunityRow, UserRow } from '../../db/schema';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { groupConservation, groupProblems } from '../../src/server/domains/savings/conservation';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { confirmEntry, declare, declineReversal, recordMeeting, rejectEntry, reverseEntry } from '../../src/server/domains/savings/entries';
import { runSavingsJob } from '../../src/server/domains/savings/penalty-job';
import { proposeGrant } from '../../src/server/domains/savings/grants';
import { confirmShareOut, proposeShareOut, rejectShareOut, withdrawShareOut } from '../../src/server/domains/savings/share-out';
import { createGroup } from '../../src/server/domains/savings/groups';
import { answerGuarantee, approveLoan, confirmLoanReceipt, disburseLoan, rejectLoan, requestLoan } from '../../src/server/domains/savings/loans';
import { addMember as addToGroup, setRole } from '../../src/server/domains/savings/members';
import { confirmRepayment, recordRepayment, rejectRepayment } from '../../src/server/domains/savings/repayments';
import { writeOffLoan } from '../../src/server/domains/savings/write-off';
import { dateInZone } from '../../src/shared/njangi/schedule';
import type { SavingsRules } from '../../src/shared/schemas/savings';
import { addMember, makeCommunity, makeUser } from '../factories';
import { DEEP, depth } from '../setup/depth';
import { attempt, one } from '../setup/random-steps';

/*
 * Random savings-group histories driven through the real services over a real (in-memory,
 * migrated) database: meetings recorded by officers and declared by members, confirmed, rejected
 * and reversed by officers who may or may not be allowed to (four eyes), social fund grants, loans
 * requested with and without guarantors, approved, refused, handed over, received, repaid in random
 * amounts as installments fall due, written off; cycles closed with their share-out (proposed,
 * confirmed, rejected or withdrawn) and the next one opened; time moving on, with late penalties
 * posted by the job. After EVERY step the group's money is conserved to the minor unit (conservation.ts: money
 * in = cash on hand + loans outstanding + written off + paid out, each fund on its own, every
 * reversal and every write-off against its entries), no fund's cash is below nothing, and no loan
 * is repaid beyond its principal.
 *
 * The normal suite runs a bounded number of histories, `npm run test:deep` 500; PROPERTY_RUNS any number.
 */

const RUNS = Number(process.env.PROPERTY_RUNS) || depth(20, 500);
/**
 * The quick run's histories are always the same ones, which reach every kind of money (the check at
 * the end): twenty random ones sometimes never repay a loan. Deep and PROPERTY_RUNS runs explore afresh.
 */
const SEED = DEEP || process.env.PROPERTY_RUNS ? undefined : 20_261_129;
const DAY = 86_400_000;
const START = Date.parse('2026-03-02T10:00:00Z');

let db: DB;
let community: CommunityRow;
let officers: UserRow[];
let members: UserRow[];

beforeAll(async () => {
  db = openDatabase(':memory:');
  officers = [];
  members = [];
  for (let i = 0; i < 3; i += 1) officers.push(await makeUser(db, { firstName: `Officer${i}` }));
  for (let i = 0; i < 3; i += 1) members.push(await makeUser(db, { firstName: `Member${i}` }));
  community = makeCommunity(db, { creator: officers[0]!, name: 'Property savers' });
  for (const u of [...officers.slice(1), ...members]) addMember(db, { communityId: community.id, user: u });
  saveFinanceSettings(db, { communityId: community.id, actorId: officers[0]!.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: START });
});

const rulesArb: fc.Arbitrary<SavingsRules> = fc
  .record({
    frequency: fc.constantFrom('weekly' as const, 'fortnightly' as const, 'monthly' as const),
    sharePrice: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 1_000_000 })),
    minShares: fc.integer({ min: 1, max: 3 }),
    extraShares: fc.integer({ min: 0, max: 4 }),
    socialFund: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
    loanMultipleTenths: fc.oneof({ arbitrary: fc.integer({ min: 10, max: 40 }), weight: 4 }, { arbitrary: fc.constant(0), weight: 1 }),
    interestMethod: fc.constantFrom('flat' as const, 'declining' as const),
    rateBps: fc.integer({ min: 0, max: 1_000 }),
    fine: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 })),
  })
  .map((r) => ({
    frequency: r.frequency,
    cycleMonths: 12,
    sharePrice: r.sharePrice,
    minShares: r.minShares,
    maxShares: r.minShares + r.extraShares,
    socialFund: r.socialFund,
    loanMultipleTenths: r.loanMultipleTenths,
    loanTerms: [1, 3, 6],
    interestMethod: r.interestMethod,
    rateBps: r.rateBps,
    graceDays: 0,
    latePenalty: 0,
    fineLate: r.fine,
    fineAbsent: r.fine,
    fineMissedShares: 0,
    shareOutMethod: 'proportional' as const,
  }));

const stepArb = fc.record({
  action: fc.integer({ min: 0, max: 109 }),
  pick: fc.nat(),
  other: fc.nat(),
  days: fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: fc.integer({ min: 1, max: 35 }), weight: 1 }),
});
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

type Ctx = { groupId: number; rules: SavingsRules; now: number; log: string[] };

const rows = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params) as T[];


function step(c: Ctx, s: Step) {
  c.now += s.days * DAY;
  const now = c.now;
  // Time moving on posts late penalties (owed, not money: the equation must not move until one is paid).
  if (s.days > 0) c.log.push(`job: ${JSON.stringify(runSavingsJob({ db, now: () => now }, now))}`);
  const communityId = community.id;
  const groupId = c.groupId;
  const everyone = [...officers, ...members];
  const officer = one(officers, s.pick)!;
  const person = one(everyone, s.other)!;
  const today = dateInZone(now, 'Africa/Douala');
  const meeting = one(rows<{ id: number }>('SELECT id FROM savings_meetings WHERE group_id = ? AND date <= ? ORDER BY date DESC, id DESC LIMIT 3', groupId, today), s.other);
  const entry = (status: string) => one(rows<{ id: number }>("SELECT id FROM savings_entries WHERE group_id = ? AND status = ? AND reverses_id IS NULL AND kind IN ('shares', 'social_fund', 'fine', 'grant') ORDER BY id", groupId, status), s.other);
  const loan = (status: string) => one(rows<{ id: number; borrower_id: string; principal: number }>('SELECT id, borrower_id, principal FROM savings_loans WHERE group_id = ? AND status = ? ORDER BY id', groupId, status), s.other);
  const a = s.action;
  const shares = c.rules.minShares + (s.other % (c.rules.maxShares - c.rules.minShares + 1));
  if (a < 12 && meeting) {
    // One or two members' money at a time, mostly what the rules allow (now and then what they do not).
    const who = [person, ...(s.pick % 3 === 0 ? [one(everyone, s.other + 1)!] : [])].filter((u, i, all) => all.indexOf(u) === i);
    const lines = who.map((u, i) => ({
      userId: u.id,
      shares,
      socialFund: (c.rules.socialFund > 0 || s.pick % 11 === 0) && ((s.other >> i) & 1) === 1,
      fines: (c.rules.fineLate > 0 || s.pick % 13 === 0) && ((s.other >> (i + 3)) & 3) === 0 ? [one(['late', 'absent'] as const, s.pick)!] : [],
    }));
    attempt(c, `record ${lines.length} lines`, () => recordMeeting(db, { communityId, meetingId: meeting.id, actorId: officer.id, payment: { method: 'cash' }, lines, now }));
  } else if (a < 18 && meeting) {
    attempt(c, `declare ${person.firstName}`, () => declare(db, { communityId, meetingId: meeting.id, userId: person.id, payment: { method: 'cash' }, line: { shares, socialFund: c.rules.socialFund > 0 && s.pick % 2 === 0 }, now }));
  } else if (a < 40) {
    const e = entry('pending');
    if (e) attempt(c, `confirm ${e.id} by ${officer.firstName}`, () => confirmEntry(db, { communityId, id: e.id, actorId: officer.id, now }));
  } else if (a < 42) {
    const e = entry('pending');
    if (e) attempt(c, `reject ${e.id}`, () => rejectEntry(db, { communityId, id: e.id, actorId: officer.id, reason: 'No', now }));
  } else if (a < 45) {
    const e = entry('confirmed');
    // A reversal takes two officers: the first proposes it; another makes it, or (now and then) declines it.
    const proposed = e && rows<{ n: number }>('SELECT count(*) AS n FROM savings_entries WHERE id = ? AND reversal_proposed_by IS NOT NULL', e.id)[0]!.n > 0;
    if (e && proposed && s.pick % 4 === 0) attempt(c, `decline reversal ${e.id}`, () => declineReversal(db, { communityId, id: e.id, actorId: officer.id, reason: 'Right after all', now }));
    else if (e) attempt(c, `reverse ${e.id}`, () => reverseEntry(db, { communityId, id: e.id, actorId: officer.id, reason: 'Wrong', step: proposed ? 'make' : 'propose', now }));
  } else if (a < 50) {
    const amount = 1 + (s.other % Math.max(1, c.rules.socialFund * 2));
    attempt(c, `grant ${amount} to ${person.firstName}`, () => proposeGrant(db, { communityId, groupId, actorId: officer.id, userId: person.id, amount, purpose: 'Emergency', payment: { method: 'cash' }, now }));
  } else if (a < 58) {
    // Mostly within the borrower's limit (their savings × the multiple), now and then beyond it.
    const saved = rows<{ v: number }>("SELECT COALESCE(SUM(amount), 0) AS v FROM savings_entries WHERE group_id = ? AND member_id = ? AND kind = 'shares' AND status IN ('confirmed', 'reversed')", groupId, person.id)[0]!.v;
    const limit = Math.floor((saved * c.rules.loanMultipleTenths) / 10);
    const principal = 1 + (s.other % Math.max(1, s.pick % 10 === 0 ? limit * 2 : limit));
    // A third of the requests name a guarantor (the part above the borrower's own savings needs one).
    const guarantors = s.pick % 3 === 0 ? [one(everyone.filter((u) => u.id !== person.id), s.other)!.id] : [];
    attempt(c, `request ${principal} by ${person.firstName}`, () => requestLoan(db, { communityId, groupId, userId: person.id, principal, periods: one([1, 3, 6], s.pick)!, purpose: 'Business', guarantors, now }));
  } else if (a < 66) {
    const g = one(rows<{ loan_id: number; user_id: string }>("SELECT g.loan_id, g.user_id FROM savings_loan_guarantors g JOIN savings_loans l ON l.id = g.loan_id WHERE l.group_id = ? AND g.status = 'pending'", groupId), s.other);
    if (g) attempt(c, `guarantee ${g.loan_id}`, () => answerGuarantee(db, { communityId, loanId: g.loan_id, userId: g.user_id, accept: s.pick % 5 !== 0, now }));
  } else if (a < 76) {
    const l = loan('requested');
    if (l) attempt(c, `approve ${l.id}`, () => (s.pick % 9 === 0 ? rejectLoan(db, { communityId, loanId: l.id, actorId: officer.id, reason: 'No', now }) : approveLoan(db, { communityId, loanId: l.id, actorId: officer.id, now })));
  } else if (a < 82) {
    const l = loan('approved');
    if (l) attempt(c, `disburse ${l.id}`, () => disburseLoan(db, { communityId, loanId: l.id, actorId: officer.id, payment: { method: 'cash' }, now }));
  } else if (a < 87) {
    const l = loan('disbursing');
    if (l) attempt(c, `receive ${l.id}`, () => confirmLoanReceipt(db, { communityId, loanId: l.id, userId: l.borrower_id, now }));
  } else if (a < 93) {
    const l = loan('active');
    const amount = 1 + (s.pick % Math.max(1, Math.ceil((l?.principal ?? 1) / (1 + (s.other % 3)))));
    if (l) attempt(c, `repay ${amount} on ${l.id}`, () => recordRepayment(db, { communityId, loanId: l.id, actorId: s.other % 2 ? l.borrower_id : officer.id, amount, payment: { method: 'cash' }, now }));
  } else if (a < 98) {
    const r = one(rows<{ id: number }>("SELECT r.id FROM savings_loan_repayments r JOIN savings_loans l ON l.id = r.loan_id WHERE l.group_id = ? AND r.status = 'pending'", groupId), s.other);
    if (r) attempt(c, `confirm repayment ${r.id}`, () => (s.pick % 7 === 0 ? rejectRepayment(db, { communityId, id: r.id, actorId: officer.id, reason: 'No', now }) : confirmRepayment(db, { communityId, id: r.id, actorId: officer.id, now })));
  } else if (a < 100) {
    const l = loan('active');
    if (l) attempt(c, `write off ${l.id}`, () => writeOffLoan(db, { communityId, loanId: l.id, actorId: officer.id, reason: 'Gone', now }));
  } else {
    // Closing the cycle: propose (carrying the active loans, now and then none), then another
    // officer confirms, rejects, or the proposer withdraws; once closed, the next cycle opens today.
    const open = rows<{ id: number }>("SELECT id FROM savings_cycles WHERE group_id = ? AND status = 'open'", groupId)[0];
    const pending = rows<{ id: number; proposed_by: string }>("SELECT id, proposed_by FROM savings_share_outs WHERE group_id = ? AND status = 'pending'", groupId)[0];
    if (!open) attempt(c, 'open the next cycle', () => openCycle(db, { communityId, groupId, actorId: officer.id, startDate: today, now }));
    else if (pending && s.pick % 6 === 0) attempt(c, `withdraw share-out ${pending.id}`, () => withdrawShareOut(db, { communityId, id: pending.id, actorId: pending.proposed_by, now }));
    else if (pending && s.pick % 6 === 1) attempt(c, `reject share-out ${pending.id}`, () => rejectShareOut(db, { communityId, id: pending.id, actorId: officer.id, reason: 'Count again', now }));
    else if (pending) attempt(c, `confirm share-out ${pending.id} by ${officer.firstName}`, () => confirmShareOut(db, { communityId, id: pending.id, actorId: officer.id, now }));
    else {
      const carry = s.other % 5 === 0 ? [] : rows<{ id: number }>("SELECT id FROM savings_loans WHERE group_id = ? AND status = 'active'", groupId).map((l) => l.id);
      attempt(c, `propose share-out carrying ${carry.length}`, () => proposeShareOut(db, { communityId, groupId, actorId: officer.id, carryLoanIds: carry, now }));
    }
  }
}

let runs = 0;

describe('savings-and-loans groups: conservation over random histories through the services', () => {
  it('the money is conserved to the minor unit after every step, and no loan is repaid beyond its principal', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(stepArb, { minLength: 60, maxLength: 150, size: 'max' }), (rules, steps) => {
        runs += 1;
        const now = START;
        const group = createGroup(db, { communityId: community.id, actorId: officers[0]!.id, name: `Group ${runs}`, timeZone: 'Africa/Douala', rules, now });
        for (const u of [...officers.slice(1), ...members]) addToGroup(db, { communityId: community.id, groupId: group.id, actorId: officers[0]!.id, userId: u.id, now });
        setRole(db, { communityId: community.id, groupId: group.id, actorId: officers[0]!.id, userId: officers[1]!.id, role: 'treasurer', now });
        setRole(db, { communityId: community.id, groupId: group.id, actorId: officers[0]!.id, userId: officers[2]!.id, role: 'secretary', now });
        openCycle(db, { communityId: community.id, groupId: group.id, actorId: officers[0]!.id, startDate: dateInZone(now, 'Africa/Douala'), now });
        // A first meeting where everyone bought shares (and paid the social fund), confirmed: there is money to lend and to grant.
        const meetingId = rows<{ id: number }>('SELECT id FROM savings_meetings WHERE group_id = ? AND number = 1', group.id)[0]!.id;
        const opening = recordMeeting(db, { communityId: community.id, meetingId, actorId: officers[0]!.id, payment: { method: 'cash' }, lines: [...officers, ...members].map((u) => ({ userId: u.id, shares: rules.maxShares, socialFund: rules.socialFund > 0 })), now });
        for (const e of opening) confirmEntry(db, { communityId: community.id, id: e.id, actorId: e.memberId === officers[1]!.id ? officers[2]!.id : officers[1]!.id, now });
        const c: Ctx = { groupId: group.id, rules, now, log: [] };
        for (const s of steps) {
          step(c, s);
          const check = groupConservation(db, group.id);
          expect(groupProblems(check), c.log.join('\n')).toEqual([]);
          const over = rows<{ id: number }>(
            `SELECT l.id FROM savings_loans l WHERE l.group_id = ? AND l.principal < (SELECT COALESCE(SUM(amount), 0) FROM savings_entries e WHERE e.loan_id = l.id AND e.kind = 'repayment_principal' AND e.status IN ('confirmed', 'reversed'))`,
            group.id,
          );
          expect(over, c.log.join('\n')).toEqual([]);
          // Every share-out paid out exactly what its entries say, and paid out + kept = the fund it shared.
          const shared = rows<{ id: number }>(
            `SELECT s.id FROM savings_share_outs s WHERE s.group_id = ? AND s.status = 'confirmed' AND (s.paid_out + s.carried <> s.fund OR s.paid_out <> (SELECT COALESCE(SUM(amount), 0) FROM savings_entries e WHERE e.cycle_id = s.cycle_id AND e.kind = 'share_out'))`,
            group.id,
          );
          expect(shared, c.log.join('\n')).toEqual([]);
          // Receipt numbers, share-outs' included, run 1, 2, 3… across the group's cycles with no gap nor repeat.
          const numbers = rows<{ n: number }>(
            'SELECT receipt_no AS n FROM savings_entries WHERE group_id = ? AND receipt_no IS NOT NULL UNION ALL SELECT r.receipt_no FROM savings_loan_repayments r JOIN savings_loans l ON l.id = r.loan_id WHERE l.group_id = ? AND r.receipt_no IS NOT NULL ORDER BY n',
            group.id,
            group.id,
          ).map((r) => r.n);
          expect(numbers, c.log.join('\n')).toEqual(numbers.map((_, i) => i + 1));
        }
      }),
      // No shrinking: every run adds a group to the shared database, and a failure's log already tells the story.
      { numRuns: RUNS, endOnFailure: true, seed: SEED },
    );
    // A history is about a tenth of a second on a quiet machine; room for a loaded one.
  }, 30_000 + RUNS * 2_000);
});

describe('savings-and-loans groups: the random histories', () => {
  it('reach every kind of money the services move (so the property above is not vacuous)', () => {
    const kinds = rows<{ kind: string; n: number }>("SELECT kind, count(*) AS n FROM savings_entries WHERE status IN ('confirmed', 'reversed') GROUP BY kind");
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
    const loans = Object.fromEntries(rows<{ status: string; n: number }>('SELECT status, count(*) AS n FROM savings_loans GROUP BY status').map((l) => [l.status, l.n]));
    expect(loans.active ?? 0, JSON.stringify(loans)).toBeGreaterThan(0);
    const reversals = rows<{ n: number }>('SELECT count(*) AS n FROM savings_entries WHERE reverses_id IS NOT NULL')[0]!.n;
    for (const kind of ['shares', 'social_fund', 'fine', 'grant', 'loan_disbursed', 'repayment_principal', 'share_out']) expect(byKind[kind] ?? 0, kind).toBeGreaterThan(0);
    // Some histories closed a cycle and went on in the next one.
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM savings_cycles WHERE number > 1")[0]!.n).toBeGreaterThan(0);
    expect(reversals).toBeGreaterThan(0);
    // Every confirmed entry a member is handed or pays at a meeting, share-outs included, carries its receipt number.
    expect(rows<{ n: number }>("SELECT count(*) AS n FROM savings_entries WHERE kind IN ('shares', 'social_fund', 'fine', 'grant', 'share_out') AND status IN ('confirmed', 'reversed') AND reverses_id IS NULL AND receipt_no IS NULL")[0]!.n).toBe(0);
  });
});

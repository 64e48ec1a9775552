import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standingNow } from '../../src/server/domains/standing/standing';
import { saveRules, suspendMember } from '../../src/server/domains/standing/rules';
import { payBenefit } from '../../src/server/domains/welfare/benefit';
import { decideCase, openCase } from '../../src/server/domains/welfare/cases';
import { fundChecks, fundProblems } from '../../src/server/domains/welfare/conservation';
import { collection, declareLevyPayment, issueLevy } from '../../src/server/domains/welfare/levies';
import { DomainError } from '../../src/server/services/errors';
import { reverseEntry } from '../../src/server/services/finances/ledger';
import { confirmPayment } from '../../src/server/services/finances/payments';
import { depth } from '../setup/depth';
import { DAY, welfareWorld } from '../setup/welfare';

/*
 * Random histories of a case's levy, through the services over a real database: members pay in
 * parts (each part confirmed by an officer who is not the payer), payments are reversed, leaders
 * suspend members for a while, time passes across the due date, the grace days and the
 * community's arrears limit, and an officer pays the benefit when the fund holds enough. After
 * every step each member's standing is what a model of the records says (arrears only past the
 * grace days, net of reversals; suspended while a decision is in force or when arrears are older
 * than the limit), and the fund is conserved: levies collected = benefit paid + carried, the
 * levies' `paid` and the case's collection agree with the ledger.
 *
 * Runs: PROPERTY_RUNS (12 in `npm test`, 1,000 under `npm run test:deep`); PROPERTY_SEED replays a failing run.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? depth(12, 1000));
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);
const LEVY = 5_000;
const BENEFIT = 12_000;
const SUSPEND_AFTER_DAYS = 10;

const step = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('pay' as const), who: fc.nat({ max: 4 }), amount: fc.integer({ min: 1, max: 6_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 9 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('suspend' as const), who: fc.nat({ max: 4 }), days: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('benefit' as const) }) },
);

describe('welfare levies and standing: random histories', () => {
  it('standing follows the records and the fund is conserved after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const w = await welfareWorld({ fund: { benefits: { member: 50_000, parent: BENEFIT } } });
        const { t, community } = w;
        const cid = community.id;
        const officers = [w.creator, w.admin, w.treasurer];
        saveRules(t.db, { communityId: cid, actorId: w.creator.id, rules: { waitingDays: 0, suspendAfterDays: SUSPEND_AFTER_DAYS }, now: t.clock.now() });
        const frame = { id: cid, name: community.name, timeZone: community.timeZone };
        const opened = openCase(t.db, { community: frame, actorId: w.musa.id, fundId: w.fund.id, dependantId: w.mother.id, description: '', documents: [], now: t.clock.now() });
        decideCase(t.db, { communityId: cid, communityName: community.name, caseId: opened.id, actorId: w.treasurer.id, action: 'verify', now: t.clock.now() });
        decideCase(t.db, { communityId: cid, communityName: community.name, caseId: opened.id, actorId: w.admin.id, action: 'approve', now: t.clock.now() });
        const issuedAt = t.clock.now();
        issueLevy(t.db, { communityId: cid, caseId: opened.id, actorId: w.admin.id, now: issuedAt });
        const overdueAfter = issuedAt + 21 * DAY;
        const members = [w.creator, w.admin, w.treasurer, w.ada, w.kofi];
        const levyOf = new Map(
          (t.db.$client.prepare('SELECT id, member_id AS memberId FROM welfare_levies WHERE case_id = ?').all(opened.id) as { id: number; memberId: string }[]).map((l) => [l.memberId, l.id]),
        );
        // The model.
        const paid = new Map(members.map((m) => [m.id, 0]));
        const suspendedUntil = new Map<string, number>();
        const confirmed: { entry: number; memberId: string; amount: number }[] = [];
        let benefitPaid = false;

        const check = (label: string) => {
          const now = t.clock.now();
          for (const m of members) {
            const arrears = now > overdueAfter ? LEVY - paid.get(m.id)! : 0;
            const decision = (suspendedUntil.get(m.id) ?? 0) > now;
            const want = decision ? 'suspended' : arrears > 0 && now - overdueAfter > SUSPEND_AFTER_DAYS * DAY ? 'suspended' : arrears > 0 ? 'in_arrears' : 'good';
            const s = standingNow(t.db, { communityId: cid, userId: m.id, now })!;
            expect({ who: m.firstName, standing: s.standing, arrears: s.arrears }, label).toEqual({ who: m.firstName, standing: want, arrears });
          }
          const collected = [...paid.values()].reduce((a, b) => a + b, 0);
          const [fund] = fundChecks(t.db);
          expect(fundProblems(fund!), label).toEqual([]);
          expect({ collected: fund!.collected, paidOut: fund!.paidOut }, label).toEqual({ collected, paidOut: benefitPaid ? BENEFIT : 0 });
          expect(collection(t.db, opened.id), label).toMatchObject({ collected, paidCount: [...paid.values()].filter((p) => p >= LEVY).length, levied: 5 });
        };

        for (const [i, s] of steps.entries()) {
          const now = t.clock.now();
          const label = `step ${i}: ${JSON.stringify(s)}`;
          if (s.kind === 'pay') {
            const m = members[s.who]!;
            const room = LEVY - paid.get(m.id)!;
            const attempt = () => declareLevyPayment(t.db, { communityId: cid, levyId: levyOf.get(m.id)!, memberId: m.id, amount: s.amount, method: 'cash', now });
            if (s.amount > room) {
              expect(attempt, label).toThrow(DomainError);
            } else {
              const p = attempt();
              const by = officers.find((o) => o.id !== m.id)!;
              confirmPayment(t.db, { communityId: cid, paymentId: p.id, accountId: w.account, actorId: by.id, now });
              const entry = t.db.$client.prepare("SELECT id FROM ledger_entries WHERE payment_id = ? AND kind = 'payment'").pluck().get(p.id) as number;
              confirmed.push({ entry, memberId: m.id, amount: s.amount });
              paid.set(m.id, paid.get(m.id)! + s.amount);
            }
          } else if (s.kind === 'reverse') {
            if (!confirmed.length) continue;
            const [c] = confirmed.splice(s.pick % confirmed.length, 1);
            const held = [...paid.values()].reduce((a, b) => a + b, 0) - (benefitPaid ? BENEFIT : 0);
            // The ledger never lets an account go below nothing: a levy already spent on the benefit cannot be taken back.
            try {
              t.db.transaction((tx) => reverseEntry(tx, { communityId: cid, entryId: c!.entry, reason: 'The transfer bounced', actorId: w.treasurer.id, now }));
              paid.set(c!.memberId, paid.get(c!.memberId)! - c!.amount);
            } catch (error) {
              expect(error, label).toBeInstanceOf(DomainError);
              expect(held < c!.amount || benefitPaid, label).toBe(true);
              confirmed.push(c!);
            }
          } else if (s.kind === 'advance') {
            t.clock.advance(s.days * DAY);
          } else if (s.kind === 'suspend') {
            const m = members[s.who]!;
            const by = m.id === w.creator.id ? w.admin : w.creator;
            suspendMember(t.db, { communityId: cid, communityName: community.name, timeZone: community.timeZone, memberId: m.id, reason: 'Behaviour at the meeting', endsAt: now + s.days * DAY, actorId: by.id, now });
            suspendedUntil.set(m.id, Math.max(suspendedUntil.get(m.id) ?? 0, now + s.days * DAY));
          } else {
            const held = [...paid.values()].reduce((a, b) => a + b, 0);
            const attempt = () =>
              payBenefit(t.db, { communityId: cid, communityName: community.name, caseId: opened.id, actorId: w.treasurer.id, accountId: w.account, method: 'cash', proofUrl: w.proof(w.treasurer), now });
            if (benefitPaid || held < BENEFIT) expect(attempt, label).toThrow(DomainError);
            else {
              attempt();
              benefitPaid = true;
            }
          }
          check(label);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, Math.max(120_000, RUNS * 1_500));
});

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { confirmCircleImport, previewCircle, submitCircle } from '../../src/server/domains/imports/circle';
import { hasProblems } from '../../src/server/domains/imports/circle-rows';
import { createCircle } from '../../src/server/services/njangi/circles';
import { circleConservation, conserved } from '../../src/server/services/njangi/conservation';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { addDays } from '../../src/shared/njangi/schedule';
import { addMember, makeCommunity, makeUser } from '../factories';
import { depth } from '../setup/depth';

/*
 * Random running circles brought in through the real services over a real (in-memory, migrated)
 * database: two to four members with one or two hands each, in a random payout order, a random
 * frequency, contribution and first due date, each hand having paid a random number of the
 * rounds due, the first k rounds paid out. A sheet the model says is sound is previewed without a
 * problem, submitted and confirmed; the circle then holds exactly the sheet's contributions and
 * payouts, its money is conserved to the minor unit, it is completed exactly when every round was
 * paid out, and the fines job levies nothing for the past. A sheet with a round paid out that no
 * hand paid into is refused with a problem instead.
 */

const RUNS = Number(process.env.PROPERTY_RUNS) || depth(25, 500);
const NOW = Date.parse('2026-03-02T10:00:00Z');

let db: DB;
let people: UserRow[];
let treasurer: UserRow;

beforeAll(async () => {
  db = openDatabase(':memory:');
  people = [];
  for (let i = 0; i < 4; i += 1) people.push(await makeUser(db, { firstName: `P${i}` }));
  treasurer = await makeUser(db, { firstName: 'Tess' });
});

const sheetArb = fc.record({
  holdings: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 2, maxLength: 4 }),
  frequency: fc.constantFrom('weekly' as const, 'biweekly' as const, 'monthly' as const),
  contribution: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 1_000_000 })),
  daysAgo: fc.integer({ min: 0, max: 250 }),
  // Taken modulo what is possible once the hands and the rounds due are known.
  order: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  paid: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  paidOut: fc.nat(),
});

describe('circle import: random running circles, through the services', () => {
  it(`${RUNS} sheets: the sound ones arrive as written and conserved, the others are refused`, () => {
    let n = 0;
    fc.assert(
      fc.property(sheetArb, (s) => {
        n += 1;
        const owners = s.holdings.flatMap((h, i) => Array.from({ length: h }, () => people[i]!));
        const community = makeCommunity(db, { creator: people[0]!, name: `Circle import ${n}` });
        for (const p of people.slice(1, s.holdings.length)) addMember(db, { communityId: community.id, user: p });
        addMember(db, { communityId: community.id, user: treasurer, role: 'treasurer' });
        const circle = createCircle(db, {
          communityId: community.id,
          organiserId: people[0]!.id,
          circle: { name: 'Imported', description: '', currency: 'XAF', contribution: s.contribution, frequency: s.frequency, startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: owners.length, maxHandsPerMember: 2, payoutMethod: 'fixed', orderBy: 'organiser', graceDays: 1, fineKind: 'fixed', fineValue: 100, deposit: 0, feeBps: 0 },
          now: NOW,
        });
        const firstDueDate = addDays('2026-03-02', -s.daysAgo);

        // A random order: positions 1..hands shuffled by the drawn numbers.
        const positions = owners.map((_, i) => i + 1);
        for (let i = positions.length - 1; i > 0; i -= 1) {
          const j = s.order[i]! % (i + 1);
          [positions[i], positions[j]] = [positions[j]!, positions[i]!];
        }
        const header = { rows: [] as { line: number; cells: string[] }[], headers: ['Position', 'Member email', 'Rounds paid', 'Received'] };
        const probe = previewCircle(db, { circleId: circle.id, organiserId: people[0]!.id, sheet: { ...header, rows: owners.map((u, i) => ({ line: i + 2, cells: [String(positions[i]), u.email, '0', 'no'] })) }, language: 'en', firstDueDate, now: NOW });
        const due = probe.summary.roundsDue;
        const roundsPaid = owners.map((_, i) => s.paid[i]! % (due + 1));
        const k = s.paidOut % (Math.min(due, owners.length) + 1);
        const sheet = { ...header, rows: owners.map((u, i) => ({ line: i + 2, cells: [String(positions[i]), u.email, String(roundsPaid[i]), positions[i]! <= k ? 'yes' : 'no'] })) };
        const checked = previewCircle(db, { circleId: circle.id, organiserId: people[0]!.id, sheet, language: 'en', firstDueDate, now: NOW });

        // The model: every round paid out was paid into by some hand.
        const sound = Array.from({ length: k }, (_, r) => r + 1).every((r) => roundsPaid.some((p) => p >= r));
        expect(hasProblems(checked)).toBe(!sound);
        if (!sound) {
          expect(checked.rows.flatMap((r) => r.problems.map((p) => p.key))).toContain('imports.problems.circle.receivedNothingPaid');
          return;
        }
        const batch = submitCircle(db, { circleId: circle.id, organiserId: people[0]!.id, actorName: 'P0', fileName: 'circle.csv', checked, now: NOW });
        confirmCircleImport(db, { communityId: community.id, id: batch.id, actorId: treasurer.id, actorName: 'Tess', now: NOW });

        const row = (sql: string) => db.$client.prepare(sql).get(circle.id) as Record<string, number | string>;
        expect(row('SELECT status FROM circles WHERE id = ?').status).toBe(k === owners.length ? 'completed' : 'active');
        expect(row('SELECT count(*) AS n FROM circle_contributions WHERE circle_id = ?').n).toBe(roundsPaid.reduce((a, b) => a + b, 0));
        expect(row('SELECT count(*) AS n FROM circle_payouts WHERE circle_id = ?').n).toBe(k);
        expect(row('SELECT count(*) AS n FROM circle_rounds WHERE circle_id = ? AND status = \'paid\'').n).toBe(k);
        // Each hand received in its own position's round, once.
        expect(row('SELECT count(*) AS n FROM circle_payouts po JOIN circle_rounds r ON r.id = po.round_id JOIN circle_hands h ON h.id = po.hand_id WHERE po.circle_id = ? AND h.position = r.number').n).toBe(k);
        const money = circleConservation(db, circle.id);
        expect(conserved(money), JSON.stringify(money)).toBe(true);
        expect(money.contributions).toBe(roundsPaid.reduce((a, b) => a + b, 0) * s.contribution);
        // Nothing fined for the past, even once every grace day of it has gone by.
        postDueFines(db, NOW + 60_000);
        expect(row('SELECT count(*) AS n FROM circle_fines WHERE circle_id = ?').n).toBe(0);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});

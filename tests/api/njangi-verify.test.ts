import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { unconservedCircles } from '../../src/server/services/njangi/conservation';
import { declareContribution, confirmContribution } from '../../src/server/services/njangi/contributions';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, payCash, payOut } from '../setup/njangi';
import { verifyFile } from '../setup/verify-books';

/*
 * `npm run finances:verify` checks every savings circle's conservation from its rows: what came in
 * (confirmed contributions, fines paid) is paid out, owed or paid as top-ups, shared, taken as fees
 * or held for the rounds to come. A circle whose rows were changed behind the app's back is named
 * (id, community, name) and the command exits 1.
 */

/** Round 1 of a three-hand circle paid out short of c, who paid after (a top-up owed); round 2 being collected. */
async function circleWithTopUp(t: TestApp) {
  const w = await circleCommunity(t, { members: 2 });
  const circle = buildCircle(t, { community: w.community, organiser: w.organiser.user, members: w.members.map((m) => m.user), order: [...w.members.map((m) => m.user.id), w.organiser.user.id], rules: { name: 'Harbour Njangi' } });
  const [a, b] = w.members;
  for (const h of circle.handRows.filter((x) => x.userId !== b!.user.id)) payCash(t, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
  payOut(t, { roundId: circle.rounds[0]!, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
  const late = declareContribution(t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: circle.handsOf[b!.user.id]![0]!, userId: b!.user.id, details: { method: 'cash' }, now: t.clock.now() });
  confirmContribution(t.db, { id: late.id, organiserId: w.organiser.user.id, now: t.clock.now() });
  payCash(t, { circleId: circle.id, roundId: circle.rounds[1]!, handId: circle.handsOf[a!.user.id]![0]!, organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
  return { ...w, circle };
}

describe('savings circles in npm run finances:verify', () => {
  it('passes on intact circles; names the circle whose rows were changed and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-circles-'));
    try {
      const path = join(dir, 'app.db');
      const t = makeTestApp();
      const w = await circleWithTopUp(t);
      // The test database, as a file for the command to read.
      writeFileSync(path, t.db.$client.serialize());
      const verify = () => verifyFile(path);
      const ok = verify();
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/1 savings circles conserved, 0 welfare funds conserved, 0 savings-and-loans groups conserved, 0 communities' meeting fines matched\.$/m);

      // Someone lowers the top-up owed in the file: 10,000 came in that nothing accounts for.
      const raw = openDatabase(path, { migrate: false }).$client;
      raw.prepare('UPDATE circle_top_ups SET amount = amount - 1').run();
      raw.close();
      const broken = verify();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(
        `Savings circle ${w.circle.id} "Harbour Njangi" (community ${w.community.id} "Bamenda Njangi House"): 40000 came in (contributions 40000 + fines 0) but 39999 is accounted for (payouts 20000 + top-ups 9999 + shares 0 + fees 0 + carried 0 + open rounds 10000 + fines waiting 0)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('a completed circle that still holds money, or a stored carry that is not its last payout’s, does not conserve', async () => {
    const t = makeTestApp();
    const w = await circleWithTopUp(t);
    expect(unconservedCircles(t.db)).toEqual([]);
    t.db.$client.prepare('UPDATE circles SET carry = 3 WHERE id = ?').run(w.circle.id);
    expect(unconservedCircles(t.db)).toEqual([expect.objectContaining({ circleId: w.circle.id, carry: 3, lastCarryOut: 0 })]);
    t.db.$client.prepare("UPDATE circles SET carry = 0, status = 'completed' WHERE id = ?").run(w.circle.id);
    // Round 2's 10,000 is still held, though the circle says it has ended.
    expect(unconservedCircles(t.db)).toEqual([expect.objectContaining({ circleId: w.circle.id, status: 'completed', openRounds: 10_000 })]);
  });
});

import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { postDueFines } from '../../src/server/services/njangi/fines';
import { cancelCircle } from '../../src/server/services/njangi/start';
import { makeTestApp, type TestApp } from '../setup/app';
import { buildCircle, circleCommunity, circleSnapshot, circleTable, NJ, payCash, type Person } from '../setup/njangi';
import { transportsFor, TRPC } from '../setup/transport';

/*
 * Late fines (postDueFines, run by the circle job): once per round, after the grace days, for each
 * hand with nothing declared or recorded by then (a rejected declaration is nothing); a fixed
 * amount or a percentage of the contribution rounded down, none for 'none'. The organiser marks a
 * fine paid or waives it with a reason, which the audit trail keeps.
 */

const at = (iso: string) => Date.parse(iso);

/** A weekly circle starting today (2026-03-02, Douala): round 1 is due at the end of the day, fined after 2 grace days. */
async function weekly(t: TestApp, rules: Parameters<typeof buildCircle>[1]['rules'] = {}, members = 5) {
  const c = await circleCommunity(t, { members, leader: true });
  const circle = buildCircle(t, {
    community: c.community,
    organiser: c.organiser.user,
    members: c.members.map((m) => m.user),
    rules: { frequency: 'weekly', startDate: '2026-03-02', graceDays: 2, fineKind: 'fixed', fineValue: 500, ...rules },
    // The organiser receives last (a payout to the organiser's own hand is a finance officer's to record).
    order: [...c.members.map((m) => m.user.id), c.organiser.user.id],
  });
  const hand = (p: Person) => circle.handsOf[p.user.id]![0]!;
  return { ...c, circle, id: circle.id, hand };
}

const fines = (t: TestApp, circleId: number) => circleTable<{ id: number; user_id: string; amount: number; status: string; round_id: number; reason: string | null }>(t, 'circle_fines', circleId);

describe('posting late fines', () => {
  it('after the grace days, once per round, for the hands with nothing declared by then', async () => {
    const t = makeTestApp();
    const w = await weekly(t);
    const [a, b, c, d, e] = w.members;
    const round = w.circle.rounds[0]!;
    const declare = (p: Person) => p.a.mutate('njangi.declareContribution', { id: w.id, roundId: round, handId: w.hand(p), method: 'cash' });
    // On time: the organiser's cash, a's declaration (still waiting), c's (rejected later).
    expect((await w.organiser.a.mutate('njangi.recordContribution', { id: w.id, roundId: round, handId: w.hand(w.organiser) })).status).toBe(200);
    expect((await declare(a!)).data.late).toBe(false);
    const rejected = await declare(c!);
    expect((await w.organiser.a.mutate('njangi.rejectContribution', { id: rejected.data.id, reason: 'Not received' })).status).toBe(200);
    // b declares within the grace days: late, not fined.
    t.clock.set(at('2026-03-03T12:00:00Z'));
    expect((await declare(b!)).data.late).toBe(true);
    // Before the grace days end (end of 4 March in Douala = 22:59:59.999Z) nothing is posted.
    expect(postDueFines(t.db, at('2026-03-04T22:59:59.999Z'))).toBe(0);
    expect(fines(t, w.id)).toEqual([]);
    // e declares after the grace days but before the job runs: still fined.
    t.clock.set(at('2026-03-05T08:00:00Z'));
    expect((await declare(e!)).status).toBe(200);
    expect(postDueFines(t.db, at('2026-03-05T09:00:00Z'))).toBe(3);
    expect(fines(t, w.id).map((f) => [f.user_id, f.amount, f.status, f.round_id]).sort()).toEqual(
      [c!, d!, e!].map((p) => [p.user.id, 500, 'owed', round]).sort(),
    );
    // Running again posts nothing new.
    expect(postDueFines(t.db, at('2026-03-05T10:00:00Z'))).toBe(0);
    expect(postDueFines(t.db, at('2026-03-06T10:00:00Z'))).toBe(0);
    expect(fines(t, w.id)).toHaveLength(3);
    // The fined members are told, the job is the actor in the audit trail.
    const told = t.db.$client.prepare("SELECT user_id FROM notifications WHERE title = 'notifications.circleFinePosted.title'").pluck().all();
    expect(told.sort()).toEqual([c!, d!, e!].map((p) => p.user.id).sort());
    const audit = t.db.$client.prepare("SELECT actor_id AS actorId, details FROM finance_audit WHERE action = 'circle.fine.posted'").all() as { actorId: string | null; details: string }[];
    expect(audit).toHaveLength(3);
    expect(audit.every((r) => r.actorId === null && JSON.parse(r.details).amount === 500)).toBe(true);
    // The next round's fines come after its own grace days (round 2 is due 9 March).
    expect(postDueFines(t.db, at('2026-03-12T09:00:00Z'))).toBe(6);
    expect(verifyAuditChain(t.db)).toBeNull();
  });

  it('a percentage of the contribution, rounded down; nothing for circles without fines or not running', async () => {
    const t = makeTestApp();
    const percent = await weekly(t, { fineKind: 'percent', fineValue: 1250, contribution: 10_005 }, 1);
    const none = buildCircle(t, { community: percent.community, organiser: percent.organiser.user, members: [percent.members[0]!.user], rules: { frequency: 'weekly', startDate: '2026-03-02' } });
    const cancelled = buildCircle(t, { community: percent.community, organiser: percent.organiser.user, members: [percent.members[0]!.user], rules: { frequency: 'weekly', startDate: '2026-03-02', fineKind: 'fixed', fineValue: 100 } });
    cancelCircle(t.db, { circleId: cancelled.id, organiserId: percent.organiser.user.id, reason: 'Stopped', now: t.clock.now() });
    // 12.5% of 10,005 is 1,250.625: 1,250 for each of the two hands.
    expect(postDueFines(t.db, at('2026-03-05T09:00:00Z'))).toBe(2);
    expect(fines(t, percent.id).map((f) => f.amount)).toEqual([1250, 1250]);
    expect(fines(t, none.id)).toEqual([]);
    expect(fines(t, cancelled.id)).toEqual([]);
    // The round without fines is marked done all the same.
    expect(t.db.$client.prepare('SELECT fines_posted FROM circle_rounds WHERE id = ?').pluck().get(none.rounds[0])).toBe(1);
  });
});

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: settling fines`, () => {
    it('only the organiser marks a fine paid or waives it; a waiver needs a reason, which the audit trail keeps; settled once', async () => {
      const t = makeTestApp();
      const w = await weekly(t, {}, 2);
      expect(postDueFines(t.db, at('2026-03-05T09:00:00Z'))).toBe(3);
      const [f1, f2] = fines(t, w.id).filter((f) => f.user_id !== w.organiser.user.id);
      const before = circleSnapshot(t);
      for (const who of [w.members[0]!, w.members[1]!, w.leader!]) {
        expect((await who.a.mutate('njangi.markFinePaid', { id: f1!.id })).status).toBe(403);
        expect((await who.a.mutate('njangi.waiveFine', { id: f1!.id, reason: 'Family emergency' })).status).toBe(403);
      }
      const noReason = await w.organiser.a.mutate('njangi.waiveFine', { id: f1!.id });
      expect(noReason.status).toBe(400);
      expect(noReason.error?.issues?.map((i) => i.path)).toEqual([['reason']]);
      expect((await w.organiser.a.mutate('njangi.waiveFine', { id: f1!.id, reason: '   ' })).status).toBe(400);
      expect(circleSnapshot(t)).toBe(before);

      const waived = await w.organiser.a.mutate('njangi.waiveFine', { id: f1!.id, reason: 'Family emergency' });
      expect(waived.data).toMatchObject({ status: 'waived', reason: 'Family emergency', settledBy: w.organiser.user.id });
      const trail = t.db.$client.prepare("SELECT actor_id AS actorId, details FROM finance_audit WHERE action = 'circle.fine.waived'").get() as { actorId: string; details: string };
      expect(trail.actorId).toBe(w.organiser.user.id);
      expect(JSON.parse(trail.details)).toMatchObject({ fineId: f1!.id, amount: 500, reason: 'Family emergency' });
      const paid = await w.organiser.a.mutate('njangi.markFinePaid', { id: f2!.id });
      expect(paid.data).toMatchObject({ status: 'paid', reason: null, settledBy: w.organiser.user.id });
      expect(t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE action = 'circle.fine.paid'").pluck().get()).toBe(1);
      // Settled once.
      expect((await w.organiser.a.mutate('njangi.markFinePaid', { id: f1!.id })).status).toBe(409);
      expect((await w.organiser.a.mutate('njangi.waiveFine', { id: f2!.id, reason: 'Changed my mind' })).status).toBe(409);
      expect((await w.organiser.a.mutate('njangi.markFinePaid', { id: 999_999 })).status).toBe(404);

      // The paid fine goes into the next pot.
      for (const p of [w.organiser, ...w.members]) payCash(t, { circleId: w.id, roundId: w.circle.rounds[0]!, handId: w.hand(p), organiserId: w.organiser.user.id, officerId: w.officer.user.id, now: t.clock.now() });
      const payout = await T.call(w.organiser.a, NJ.payout, { id: w.circle.rounds[0], method: 'cash' });
      expect(payout.data).toMatchObject({ fines: 500, amount: 30_500 });
      expect(verifyAuditChain(t.db)).toBeNull();
    });
  });
}

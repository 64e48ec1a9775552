import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createLogger } from '../../src/server/logger';
import { decideCase, openCase } from '../../src/server/domains/welfare/cases';
import { runWelfareJob } from '../../src/server/domains/welfare/jobs';
import { declareLevyPayment, issueLevy } from '../../src/server/domains/welfare/levies';
import { confirmPayment } from '../../src/server/services/finances/payments';
import type { TestApp } from '../setup/app';
import { DAY, welfareWorld } from '../setup/welfare';

/*
 * The welfare job: issuing a levy answers at once and the job tells each levied member, once, in
 * their language; three days before the due date it reminds those who have not paid, and once
 * overdue (past the grace days) once more; a run again sends nothing twice, and a monthly fund
 * charges each member once a month.
 */

const deps = (t: TestApp) => ({ db: t.db, env: t.env, log: createLogger('silent'), now: t.clock.now, mailer: { send: async () => {} }, throttle: new LoginThrottle(t.clock.now) });
const count = (t: TestApp) => t.db.$client.prepare('SELECT count(*) FROM notifications').pluck().get() as number;

describe('the welfare job', () => {
  it('tells each levied member once, reminds the unpaid before the due date and once overdue, and never twice', async () => {
    const w = await welfareWorld();
    const { t, community } = w;
    const cid = community.id;
    const c = openCase(t.db, { community: { id: cid, name: community.name, timeZone: community.timeZone }, actorId: w.musa.id, fundId: w.fund.id, dependantId: w.mother.id, description: '', documents: [], now: t.clock.now() });
    decideCase(t.db, { communityId: cid, communityName: community.name, caseId: c.id, actorId: w.treasurer.id, action: 'verify', now: t.clock.now() });
    decideCase(t.db, { communityId: cid, communityName: community.name, caseId: c.id, actorId: w.admin.id, action: 'approve', now: t.clock.now() });
    issueLevy(t.db, { communityId: cid, caseId: c.id, actorId: w.admin.id, now: t.clock.now() });
    const d = deps(t);

    expect(runWelfareJob(d)).toMatchObject({ told: 5, reminded: 0 });
    const after = count(t);
    expect(runWelfareJob(d)).toMatchObject({ told: 0, reminded: 0 });
    expect(count(t)).toBe(after);
    // Musa is the case's own: no levy.
    expect(t.db.$client.prepare('SELECT count(*) FROM welfare_levies WHERE member_id = ?').pluck().get(w.musa.id)).toBe(0);

    // Ada pays; two days before the due date the four others are reminded, once.
    const levy = t.db.$client.prepare('SELECT id FROM welfare_levies WHERE member_id = ?').pluck().get(w.ada.id) as number;
    const paid = declareLevyPayment(t.db, { communityId: cid, levyId: levy, memberId: w.ada.id, amount: 5_000, method: 'cash', now: t.clock.now() });
    confirmPayment(t.db, { communityId: cid, paymentId: paid.id, accountId: w.account, actorId: w.treasurer.id, now: t.clock.now() });
    t.clock.advance(12 * DAY);
    expect(runWelfareJob(d)).toMatchObject({ told: 0, reminded: 4 });
    expect(runWelfareJob(d)).toMatchObject({ told: 0, reminded: 0 });
    // Past the due date and the grace days: once more, for the same four.
    t.clock.advance(10 * DAY);
    expect(runWelfareJob(d)).toMatchObject({ told: 0, reminded: 4 });
    expect(runWelfareJob(d)).toMatchObject({ told: 0, reminded: 0 });
    const kofi = t.db.$client.prepare('SELECT count(*) FROM notifications WHERE user_id = ? AND link = ?').pluck().get(w.kofi.id, `/welfare/${c.id}`) as number;
    const ada = t.db.$client.prepare('SELECT count(*) FROM notifications WHERE user_id = ? AND link = ?').pluck().get(w.ada.id, `/welfare/${c.id}`) as number;
    expect(kofi - ada).toBe(2);
  });

  it('charges a monthly fund’s contribution to every member once a month', async () => {
    const w = await welfareWorld({ financing: 'monthly', fund: { monthlyAmount: 1_000 } });
    const d = deps(w.t);
    expect(runWelfareJob(d).charged).toBe(6);
    expect(runWelfareJob(d).charged).toBe(0);
    w.t.clock.advance(31 * DAY);
    expect(runWelfareJob(d).charged).toBe(6);
  });
});

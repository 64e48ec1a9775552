import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { payBenefit } from '../../src/server/domains/welfare/benefit';
import { decideCase, openCase } from '../../src/server/domains/welfare/cases';
import { declareLevyPayment, issueLevy } from '../../src/server/domains/welfare/levies';
import { confirmPayment } from '../../src/server/services/finances/payments';
import { welfareWorld } from '../setup/welfare';
import { verifyFile } from '../setup/verify-books';

/*
 * `npm run finances:verify` checks every welfare fund from its rows and the ledger: levies
 * collected = benefits paid + carried, the levies' `paid` as the ledger collected, the paid cases
 * as the ledger paid out. A fund whose rows were changed behind the app's back is named and the
 * command exits 1.
 */

describe('welfare funds in npm run finances:verify', () => {
  it('passes on a fund that paid a benefit from its levies; names the fund whose levy rows were changed and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-welfare-'));
    try {
      const w = await welfareWorld({ fund: { benefits: { member: 50_000, parent: 8_000 } } });
      const { t, community } = w;
      const cid = community.id;
      const now = t.clock.now();
      const c = openCase(t.db, { community: { id: cid, name: community.name, timeZone: community.timeZone }, actorId: w.musa.id, fundId: w.fund.id, dependantId: w.mother.id, description: '', documents: [], now });
      decideCase(t.db, { communityId: cid, communityName: community.name, caseId: c.id, actorId: w.treasurer.id, action: 'verify', now });
      decideCase(t.db, { communityId: cid, communityName: community.name, caseId: c.id, actorId: w.admin.id, action: 'approve', now });
      issueLevy(t.db, { communityId: cid, caseId: c.id, actorId: w.admin.id, now });
      for (const m of [w.ada, w.kofi]) {
        const levy = t.db.$client.prepare('SELECT id FROM welfare_levies WHERE member_id = ?').pluck().get(m.id) as number;
        const p = declareLevyPayment(t.db, { communityId: cid, levyId: levy, memberId: m.id, amount: 5_000, method: 'cash', now });
        confirmPayment(t.db, { communityId: cid, paymentId: p.id, accountId: w.account, actorId: w.treasurer.id, now });
      }
      payBenefit(t.db, { communityId: cid, communityName: community.name, caseId: c.id, actorId: w.treasurer.id, accountId: w.account, method: 'cash', proofUrl: w.proof(w.treasurer), now });

      const path = join(dir, 'app.db');
      writeFileSync(path, t.db.$client.serialize());
      const verify = () => verifyFile(path);
      const ok = verify();
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/1 welfare funds conserved, 0 savings-and-loans groups conserved, 0 communities' meeting fines matched\.$/m);

      // Someone marks Kofi's levy paid twice over in the file: the rows no longer agree with the ledger.
      const raw = openDatabase(path, { migrate: false }).$client;
      raw.prepare('UPDATE welfare_levies SET paid = paid + 5000 WHERE member_id = ?').run(w.kofi.id);
      raw.close();
      const broken = verify();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(`Welfare fund ${w.fund.id} "Bereavement fund" (community ${cid} "Houston Cameroonian Association"): its levies say 15000 was paid, the ledger collected 10000`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { confirmEntry, recordMeeting, reverseEntry } from '../../src/server/domains/savings/entries';
import { approveLoan, confirmLoanReceipt, disburseLoan, requestLoan } from '../../src/server/domains/savings/loans';
import { confirmRepayment, recordRepayment } from '../../src/server/domains/savings/repayments';
import { confirmShareOut, proposeShareOut } from '../../src/server/domains/savings/share-out';
import { savingsWorld } from '../setup/savings';
import { verifyFile } from '../setup/verify-books';

/*
 * `npm run finances:verify` checks every savings-and-loans group from its rows: shares + fines +
 * interest + penalties + social fund = the cash kept + loans outstanding + paid out (grants and the share-out), each fund on
 * its own, and every reversal against the entry it corrects. A group whose rows were changed behind
 * the app's back is named and the command exits 1.
 */

describe('savings-and-loans groups in npm run finances:verify', () => {
  it('passes after meetings, a reversal, a loan, a repayment and the share-out; names the group whose entry was edited and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-savings-'));
    try {
      const w = await savingsWorld();
      const { t } = w;
      const communityId = w.community.id;
      const now = t.clock.now();
      const lines = [
        { userId: w.musa.id, shares: 5, socialFund: true, fines: ['late' as const] },
        { userId: w.ada.id, shares: 3, socialFund: true },
      ];
      const entries = recordMeeting(t.db, { communityId, meetingId: w.meetings[0]!, actorId: w.treasurer.id, payment: { method: 'cash' }, lines, now });
      for (const e of entries) confirmEntry(t.db, { communityId, id: e.id, actorId: w.admin.id, now });
      // A reversal takes two officers: Ngozi proposes it, Tabe makes it.
      const paidTwice = entries.find((e) => e.memberId === w.ada.id && e.kind === 'social_fund')!.id;
      reverseEntry(t.db, { communityId, id: paidTwice, actorId: w.creator.id, reason: 'Paid twice', step: 'propose', now });
      reverseEntry(t.db, { communityId, id: paidTwice, actorId: w.treasurer.id, reason: 'Agreed', step: 'make', now });
      const loan = requestLoan(t.db, { communityId, groupId: w.group.id, userId: w.musa.id, principal: 4_000, periods: 3, purpose: 'Stock', guarantors: [], now });
      approveLoan(t.db, { communityId, loanId: loan.id, actorId: w.treasurer.id, now });
      approveLoan(t.db, { communityId, loanId: loan.id, actorId: w.admin.id, now });
      disburseLoan(t.db, { communityId, loanId: loan.id, actorId: w.treasurer.id, payment: { method: 'cash' }, now });
      confirmLoanReceipt(t.db, { communityId, loanId: loan.id, userId: w.musa.id, now });
      const repayment = recordRepayment(t.db, { communityId, loanId: loan.id, actorId: w.musa.id, amount: 1_500, payment: { method: 'cash' }, now });
      confirmRepayment(t.db, { communityId, id: repayment.id, actorId: w.treasurer.id, now });
      // The cycle closes with its share-out, the loan carried: the share-out is paid out of the loan fund.
      const shareOut = proposeShareOut(t.db, { communityId, groupId: w.group.id, actorId: w.creator.id, carryLoanIds: [loan.id], now });
      confirmShareOut(t.db, { communityId, id: shareOut.id, actorId: w.admin.id, now });
      expect(t.db.$client.prepare("SELECT count(*) FROM savings_entries WHERE kind = 'share_out'").pluck().get()).toBe(2);

      const path = join(dir, 'app.db');
      writeFileSync(path, t.db.$client.serialize());
      const verify = () => verifyFile(path);
      const ok = verify();
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/1 savings-and-loans groups conserved, 0 communities' meeting fines matched\.$/m);

      // Someone raises Musa's shares in the file: the entries no longer match the cash kept.
      const raw = openDatabase(path, { migrate: false }).$client;
      raw.prepare("UPDATE savings_entries SET amount = amount + 1000 WHERE member_id = ? AND kind = 'shares'").run(w.musa.id);
      raw.close();
      const broken = verify();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toMatch(/Savings group \d+ "Table banking" \(community \d+ "Houston Cameroonian Association"\): the loan fund took in 9200/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two runs of the script, each starting TypeScript afresh.
  }, 90_000);
});

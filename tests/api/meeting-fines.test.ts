import { describe, expect, it } from 'vitest';
import { verifyBooks } from '../../scripts/verify-books';
import { listAccounts } from '../../src/server/services/finances/books';
import { reverseEntry } from '../../src/server/services/finances/ledger';
import { confirmPayment } from '../../src/server/services/finances/payments';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { finesAt, meetingWorld, MT } from '../setup/meetings';
import { noticesOf } from '../setup/needs';
import { TRANSPORTS } from '../setup/transport';

/*
 * A meeting fine paid through the books, as a welfare levy is: the member declares a payment of
 * purpose 'fine' (or a finance officer records cash), another officer confirms it into the
 * "Meeting fines" category and the fine is settled from the entries; a reversal unsettles it; the
 * books verify. Waivers: a leader, never for their own fine nor one their marking posted, once.
 */

const { payFine, recordFineCash } = MT;

const paidOf = (w: Awaited<ReturnType<typeof meetingWorld>>, fineId: number) => w.t.db.$client.prepare('SELECT paid FROM meeting_fines WHERE id = ?').pluck().get(fineId) as number;

for (const T of TRANSPORTS) {
  describe(`${T.name}: meeting fines`, () => {
    it('a fine paid through the books lands in "Meeting fines", settles the fine, is unsettled by a reversal, and the books verify', async () => {
      const w = await meetingWorld();
      const tabe = await as(w.t, w.treasurer);
      const musa = await as(w.t, w.musa);
      const ada = await as(w.t, w.ada);
      const meetingId = w.meeting.id;
      const fine = (await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'absent' })).data.fine;
      const account = listAccounts(w.t.db, w.community.id)[0]!.id;

      expectError(await T.call(ada, payFine, { fineId: fine.id, amount: 1_000, method: 'cash' }), 403, 'errors.meetings.notYourFine');
      expectError(await T.call(musa, payFine, { fineId: fine.id, amount: 1_500, method: 'cash' }), 409, 'errors.meetings.fineOverpaid');
      const declared = await T.call(musa, payFine, { fineId: fine.id, amount: 600, method: 'cash' });
      expect(declared.status, JSON.stringify(declared.error)).toBe(T.okStatus(payFine));
      // It waits on the officers who may confirm it, who are told once, naming who and how much; never the member.
      const told = noticesOf(w.t, w.treasurer.id, 'notifications.paymentWaitingFine');
      expect(told).toHaveLength(1);
      expect(told[0]!.params).toContain('600');
      expect(told[0]!.params).toContain('Musa');
      expect(noticesOf(w.t, w.musa.id, 'notifications.paymentWaitingFine')).toEqual([]);
      expect(declared.data).toMatchObject({ purpose: 'fine', amount: 600, status: 'pending' });
      // What waits counts: only 400 is left to declare or record.
      expectError(await T.call(tabe, recordFineCash, { fineId: fine.id, accountId: account, amount: 500 }), 409, 'errors.meetings.fineOverpaid');
      const cash = await T.call(tabe, recordFineCash, { fineId: fine.id, accountId: account, amount: 400 });
      expect(cash.status, JSON.stringify(cash.error)).toBe(T.okStatus(recordFineCash));
      expectError(await T.call(musa, payFine, { fineId: fine.id, amount: 1, method: 'cash' }), 409, 'errors.meetings.fineSettled');

      const now = w.t.clock.now();
      // Four eyes: Tabe recorded the cash, so Awa confirms it; Tabe confirms Musa's own declaration.
      confirmPayment(w.t.db, { communityId: w.community.id, paymentId: declared.data.id, accountId: account, actorId: w.treasurer.id, now });
      confirmPayment(w.t.db, { communityId: w.community.id, paymentId: cash.data.id, accountId: account, actorId: w.admin.id, now });
      expect(paidOf(w, fine.id)).toBe(1_000);
      const category = w.t.db.$client
        .prepare('SELECT DISTINCT k.built_in FROM ledger_entries e JOIN finance_categories k ON k.id = e.category_id JOIN payments x ON x.id = e.payment_id WHERE x.fine_id = ?')
        .pluck()
        .all(fine.id);
      expect(category).toEqual(['meetingFines']);
      expect(verifyBooks(w.t.db).problems).toEqual([]);

      const entry = w.t.db.$client.prepare('SELECT id FROM ledger_entries WHERE payment_id = ?').pluck().get(declared.data.id) as number;
      w.t.db.transaction((tx) => reverseEntry(tx, { communityId: w.community.id, entryId: entry, reason: 'Counted twice', actorId: w.admin.id, now }));
      expect(paidOf(w, fine.id)).toBe(400);
      expect(verifyBooks(w.t.db).problems).toEqual([]);

      // Rows changed behind the app's back are named.
      w.t.db.$client.prepare('UPDATE meeting_fines SET paid = 1000 WHERE id = ?').run(fine.id);
      expect(verifyBooks(w.t.db).problems).toEqual([`Meeting fines of community ${w.community.id} "Houston Cameroonian Association": the fines say 1000 was paid, the ledger collected 400`]);
    });

    it('a leader waives a fine with a reason, once; never their own nor one their marking posted; the member is told', async () => {
      const w = await meetingWorld();
      const awa = await as(w.t, w.admin);
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const meetingId = w.meeting.id;
      const musaFine = (await T.call(awa, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'late' })).data.fine;
      const awaFine = (await T.call(tabe, MT.markAttendance, { meetingId, userId: w.admin.id, status: 'absent' })).data.fine;

      expectError(await T.call(awa, MT.waiveFine, { fineId: musaFine.id, reason: 'Bus broke down' }), 403, 'errors.meetings.postedFine');
      expectError(await T.call(awa, MT.waiveFine, { fineId: awaFine.id, reason: 'I was travelling' }), 403, 'errors.meetings.ownFine');
      expectError(await T.call(tabe, MT.waiveFine, { fineId: musaFine.id, reason: 'Bus broke down' }), 403, 'errors.denied.meetingsManage');
      expectError(await T.call(ngozi, MT.waiveFine, { fineId: musaFine.id, reason: '' }), 400, 'validation.finance.reason');

      const both = await Promise.all([T.call(ngozi, MT.waiveFine, { fineId: musaFine.id, reason: 'Bus broke down' }), T.call(ngozi, MT.waiveFine, { fineId: musaFine.id, reason: 'Bus broke down' })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(finesAt(w.t, meetingId).find((f) => f.id === musaFine.id)).toMatchObject({ status: 'waived' });
      const notice = w.t.db.$client.prepare("SELECT params FROM notifications WHERE user_id = ? AND title = 'notifications.meetingFineWaived.title'").all(w.musa.id) as { params: string }[];
      expect(notice).toHaveLength(1);
      expect(JSON.parse(notice[0]!.params)).toMatchObject({ reason: 'Bus broke down', title: 'Monthly meeting' });
      // A waived fine is not payable, and a correction no longer touches it.
      expectError(await T.call(await as(w.t, w.musa), payFine, { fineId: musaFine.id, amount: 100, method: 'cash' }), 409, 'errors.meetings.fineSettled');
      expect((await T.call(awa, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'present' })).data.fine).toMatchObject({ status: 'waived' });

      // Officers list every fine; a plain member only their own.
      const all = await T.call(tabe, MT.fines, { communityId: w.community.id });
      expect(all.data.fines.map((f: { memberId: string }) => f.memberId).sort()).toEqual([w.admin.id, w.musa.id].sort());
      const own = await T.call(await as(w.t, w.musa), MT.fines, { communityId: w.community.id });
      expect(own.data).toMatchObject({ currency: 'XAF', fines: [{ id: musaFine.id, status: 'waived' }] });
      expect((await T.call(await as(w.t, w.kofi), MT.fines, { communityId: w.community.id })).data.fines).toEqual([]);
    });
  });
}
